export declare function canonicalHost(value: string | null | undefined): string | null;
export declare function parseAllowedHosts(value: string | undefined): string[];
export declare function reachedHost(host: string | null | undefined, forwardedHost: string | null | undefined, trustedProxy: boolean): string | null;
export declare function interfaceHostnames(): Set<string>;
export declare function isServedHost(host: string | null | undefined, allowedHosts: readonly string[], localHostnames?: () => Set<string>): boolean;
