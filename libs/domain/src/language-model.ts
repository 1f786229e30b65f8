/**
 * A language model Lore may ask to judge what the graph cannot settle: lent by an MCP client that
 * declares sampling, or configured (LORE_LLM_URL). Off unless one of them is; a judgement from it
 * is always marked as the model's, with the model's name.
 */
export interface LanguageModel {
  /** One exchange: the answer's text and the name of the model that gave it. */
  complete(request: ModelRequest): Promise<ModelAnswer>;
}

export interface ModelRequest {
  /** What the model is asked to do; the data it works on goes in `user`, never here. */
  system: string;
  user: string;
  maxTokens: number;
}

export interface ModelAnswer {
  text: string;
  model: string;
}
