import { Field, Float, InputType, Int, ObjectType } from '@nestjs/graphql';

// GraphQL mirrors of the domain result types (libs/domain/src/schemas.ts): same fields, same names.

@ObjectType('SymbolRef')
export class SymbolRefType {
  @Field() uid!: string;
  @Field() kind!: string;
  @Field() name!: string;
  @Field() qualifiedName!: string;
  @Field() repositoryId!: string;
  @Field() path!: string;
  @Field(() => Int) startLine!: number;
  @Field(() => Int) endLine!: number;
}

@ObjectType('CallRef')
export class CallRefType {
  @Field(() => SymbolRefType) symbol!: SymbolRefType;
  @Field(() => Int, { description: 'Line of the call site, in the caller.' }) line!: number;
  @Field({ description: 'exact, import, name or ambiguous' }) confidence!: string;
}

@ObjectType('SymbolDetail')
export class SymbolDetailType extends SymbolRefType {
  @Field() language!: string;
  @Field(() => String, { nullable: true }) signature!: string | null;
  @Field(() => String, { nullable: true }) doc!: string | null;
  @Field() exported!: boolean;
  @Field(() => Int, { nullable: true }) complexity!: number | null;
  @Field() commitSha!: string;
  @Field() resourceUri!: string;
  @Field() symbolUri!: string;
  @Field(() => SymbolRefType, { nullable: true }) parent!: SymbolRefType | null;
  @Field(() => [SymbolRefType]) members!: SymbolRefType[];
  @Field(() => [CallRefType]) calls!: CallRefType[];
  @Field(() => [CallRefType]) calledBy!: CallRefType[];
}

@ObjectType('Warning')
export class WarningType {
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType('GetSymbolResult')
export class GetSymbolResultType {
  @Field(() => SymbolDetailType) symbol!: SymbolDetailType;
  @Field(() => [WarningType]) warnings!: WarningType[];
  @Field() trustBoundary!: string;
}

@ObjectType('SearchScores')
export class SearchScoresType {
  @Field(() => Float, { nullable: true, description: 'Full-text (Lucene) score, when full-text search found it.' }) fulltext!:
    number | null;
  @Field(() => Float, { nullable: true, description: 'Cosine similarity, when semantic search found it.' }) semantic!: number | null;
}

@ObjectType('SearchHit')
export class SearchHitType extends SymbolRefType {
  @Field() artifactType!: string;
  @Field() title!: string;
  @Field(() => Float, { description: 'The fused score that orders the results.' }) score!: number;
  @Field(() => [String], { description: 'exact_name, fulltext, semantic' }) reasons!: string[];
  @Field(() => SearchScoresType) scores!: SearchScoresType;
  @Field() resourceUri!: string;
}

@ObjectType('SearchCodeResult')
export class SearchCodeResultType {
  @Field(() => [SearchHitType]) results!: SearchHitType[];
  @Field(() => [WarningType]) warnings!: WarningType[];
  @Field() trustBoundary!: string;
}

@ObjectType('FileSpan')
export class FileSpanType {
  @Field() uri!: string;
  @Field() repositoryId!: string;
  @Field() commitSha!: string;
  @Field() path!: string;
  @Field() language!: string;
  @Field() mimeType!: string;
  @Field(() => Int) startLine!: number;
  @Field(() => Int) endLine!: number;
  @Field() text!: string;
  @Field() truncated!: boolean;
  @Field() trustBoundary!: string;
}

@InputType('GetSymbolInput')
export class GetSymbolInputType {
  @Field({ nullable: true, description: 'The symbol uid, as returned by searchCode.' }) uid?: string;
  @Field({ nullable: true, description: 'A name or qualified name.' }) name?: string;
  @Field({ nullable: true }) repositoryId?: string;
}

@InputType('SearchScope')
export class SearchScopeType {
  @Field({ nullable: true }) repositoryId?: string;
  @Field({ nullable: true }) commitSha?: string;
}

@InputType('SearchCodeInput')
export class SearchCodeInputType {
  @Field() query!: string;
  @Field(() => SearchScopeType, { nullable: true }) scope?: SearchScopeType;
  @Field(() => [String], { nullable: true }) kinds?: string[];
  @Field({ nullable: true, description: 'Only files under this path.' }) pathPrefix?: string;
  @Field({ nullable: true, description: 'typescript, javascript, python, java or go' }) language?: string;
  @Field({ nullable: true, description: 'hybrid (default), fulltext or semantic' }) mode?: string;
  @Field(() => Int, { nullable: true }) maxResults?: number;
}
