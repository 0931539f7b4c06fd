/** Where the end-to-end server listens and keeps its data; separate ports let two suites run side by side. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4329);
export const e2eDataDir = `.data/e2e-${e2ePort}`;
