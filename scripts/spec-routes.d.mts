export declare const EXPECTED_MAIN: string[]
export declare const EXPECTED_SUBPACKAGES: Array<{ root: string; pages: string[] }>
export declare const H5_ONLY: string[]
export declare const LIBRARY_SUBPACKAGES: Array<{ root: string; pages: string[]; preloadedBy: string | null }>
export declare const ASYNC_SUBPACKAGES: Array<{ root: string; pages: string[]; preloadedBy: string | null }>
