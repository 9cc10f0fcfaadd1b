import { afterEach } from 'vitest';
import { assertNoCspViolations } from './csp-guard';

// Setup file of the e2e project (vitest.config.ts): every browser test ends with this check.
afterEach(() => assertNoCspViolations());
