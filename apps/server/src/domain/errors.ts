/**
 * Errors a client caused. The HTTP layer turns them into their status with the message as
 * a plain-text body (Traccar answers access problems with 400, never 403).
 */
export class ClientError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export const accessDenied = (kind: string) => new ClientError(`${kind} access denied`);
export const notFound = (kind: string) => new ClientError(`${kind} not found`, 404);
