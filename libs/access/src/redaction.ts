import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { SecretScanner, redactSecrets } from '@lore/indexer';

/**
 * Query-time redaction: secrets in repository files are never served, each one is replaced by a
 * marker naming its kind. Owns the secret scanner, a worker thread started by the first text
 * redacted and stopped with the module.
 */
@Injectable()
export class Redactor implements OnModuleDestroy {
  private scanner: SecretScanner | undefined;

  async redact(path: string, text: string): Promise<string> {
    this.scanner ??= new SecretScanner();
    const findings = await this.scanner.scan([{ path, text }]);
    return redactSecrets(
      text,
      findings.map((finding) => ({ value: text.slice(finding.start, finding.end), rule: finding.rule })),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.scanner?.close();
  }
}
