import http from 'node:http';

/**
 * Secrets Manager's GetSecretValue for the functions the local cloud runs from their bundles: they
 * are given the ARNs CDK gives them and read their secrets as in AWS (the SDK's endpoint pointed
 * here), so a function that was not given a secret's ARN cannot read it here either.
 */
export async function startSecretsManager(secrets: ReadonlyMap<string, string>): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
        return answer(400, { __type: 'UnknownOperationException', message: `${String(req.headers['x-amz-target'])} is not served locally` });
      }
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { SecretId?: string }).SecretId ?? '';
      const value = secrets.get(id);
      if (value === undefined) return answer(400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." });
      return answer(200, { ARN: id, Name: id.split(':').pop(), SecretString: value, VersionId: 'local', VersionStages: ['AWSCURRENT'], CreatedDate: 0 });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(() => r())) };
}
