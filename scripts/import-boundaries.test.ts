/**
 * The import boundaries of eslint.config.js (ADR 021), checked with ESLint itself on made-up files placed where
 * real ones would be: `npm run lint` must fail on a cross-feature import, and pass on the allowed ones.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The rule ids ESLint reports for `code` as if it were the file at `filePath` (relative to the repository). */
async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  it('refuses a web feature importing another feature', async () => {
    const code = "import { useOccurrences } from '../calendar/api.ts';\nexport const x = useOccurrences;\n";
    expect(await violations('src/web/features/tasks/probe.ts', code)).toContain(BOUNDARY);
  });

  it('lets a web feature import its own files, common code, components and the core', async () => {
    const code = [
      "import { useTasks } from './api.ts';",
      "import { useFamilyMembers } from '../../common/members.ts';",
      "import { Button } from '../../components/ui/button.tsx';",
      "import { addLocalDays } from '../../../core/time/local-time.ts';",
      'export const all = [useTasks, useFamilyMembers, Button, addLocalDays];',
      '',
    ].join('\n');
    expect(await violations('src/web/features/tasks/probe.ts', code)).toEqual([]);
  });

  it('refuses common code importing a feature', async () => {
    const code =
      "import { useOccurrences } from '../features/calendar/api.ts';\nexport const x = useOccurrences;\n";
    expect(await violations('src/web/common/probe.ts', code)).toContain(BOUNDARY);
  });

  it('refuses imports that run back up the web layers (app → features → common → platform → components)', async () => {
    const app = "import { SignedInRoutes } from '../../app/routes.tsx';\nexport const x = SignedInRoutes;\n";
    expect(await violations('src/web/features/tasks/probe.ts', app)).toContain(BOUNDARY);
    const fromPlatform =
      "import { SignedInRoutes } from '../app/routes.tsx';\nexport const x = SignedInRoutes;\n";
    expect(await violations('src/web/platform/probe.ts', fromPlatform)).toContain(BOUNDARY);
    const common = "import { useSession } from '../common/session.ts';\nexport const x = useSession;\n";
    expect(await violations('src/web/platform/probe.ts', common)).toContain(BOUNDARY);
    const platform = "import { apiFetch } from '../platform/api.ts';\nexport const x = apiFetch;\n";
    expect(await violations('src/web/components/probe.ts', platform)).toContain(BOUNDARY);
    expect(await violations('src/web/common/probe.ts', platform)).toEqual([]);
  });

  it('refuses http/, db/ and the app context importing a server feature', async () => {
    const feature = "import { listTasks } from '../tasks/service.ts';\nexport const x = listTasks;\n";
    expect(await violations('src/server/http/probe.ts', feature)).toContain(BOUNDARY);
    expect(await violations('src/server/db/probe.ts', feature)).toContain(BOUNDARY);
    const live =
      "import { startChangeFeed } from './live/change-feed.ts';\nexport const x = startChangeFeed;\n";
    expect(await violations('src/server/context.ts', live)).toContain(BOUNDARY);
    const below = "import type { Db } from '../db/types.ts';\nexport type X = Db;\n";
    expect(await violations('src/server/http/probe.ts', below)).toEqual([]);
  });

  it("refuses a server feature importing another feature's routes, but not its service", async () => {
    const routes =
      "import { registerEventRoutes } from '../events/routes.ts';\nexport const x = registerEventRoutes;\n";
    expect(await violations('src/server/tasks/probe.ts', routes)).toContain(BOUNDARY);
    const service = "import * as sessions from '../auth/sessions.ts';\nexport const x = sessions;\n";
    expect(await violations('src/server/account/probe.ts', service)).not.toContain(BOUNDARY);
  });

  it('refuses the web app importing the server and the core importing either', async () => {
    const web = "import { buildApp } from '../../../server/app.ts';\nexport const x = buildApp;\n";
    expect(await violations('src/web/features/tasks/probe.ts', web)).toContain(BOUNDARY);
    const core = "import { buildApp } from '../../server/app.ts';\nexport const x = buildApp;\n";
    expect(await violations('src/core/time/probe.ts', core)).toContain('no-restricted-imports');
  });
});
