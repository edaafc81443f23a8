export declare function jsonDepthExceeds(text: string, limit: number): boolean;
