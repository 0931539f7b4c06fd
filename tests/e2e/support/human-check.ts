import { e2eHumanCheckSecret } from '../../support/e2e-env';
import { withProof } from '../../../src/cli/scripted-proof';

/**
 * Options for `request.post` to a human-checked form, with a freshly solved proof in `data` when it
 * has none (signed with the e2e server's secret; the browser tests solve the site's own challenges).
 */
export async function humanChecked<T extends { data?: unknown }>(options: T): Promise<T> {
  return { ...options, data: await withProof(options.data, e2eHumanCheckSecret) };
}
