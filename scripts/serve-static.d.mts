import type { Server } from 'node:http'
export declare function serveStatic(dir: string, port?: number, host?: string, options?: { production?: boolean }): Promise<{ server: Server; url: string }>
