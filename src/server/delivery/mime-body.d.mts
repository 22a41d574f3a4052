export declare const CRLF: '\r\n';
export declare function wrapBase64(data: Buffer | string): string;
export declare function personalPart(mixedBoundary: string, text: string, html: string): string;
export declare function messageHead(signature: string | undefined, header: string, personal: string): string;
