/**
 * Builds a message's own bytes (signature, header block, personal part) elsewhere: the DKIM signing
 * threads (deliverability/dkim-signer.ts), which encode the personal part beside the signature.
 */
export type MessageBuilder = {
  build(header: string, text: string, html: string, mixedBoundary: string, shared: Buffer): Promise<Buffer>;
};
export declare const CRLF: '\r\n';
export declare function wrapBase64(data: Buffer | string): string;
export declare function personalPart(mixedBoundary: string, text: string, html: string): string;
export declare function messageHead(signature: string | undefined, header: string, personal: string): string;
