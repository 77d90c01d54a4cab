import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ROLES, LANGUAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { CONSOLE_SCREENS, screensFor } from '../../lib/role-screens';
import { teamMember } from '../../../../../test/console';

interface ConsoleTexts {
  nav: Record<string, string>;
  operators: { roleHelp: Record<string, string> };
}

const textsOf = (language: string): ConsoleTexts =>
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../../../../locales/${language}/console.json`), 'utf8'),
  ) as ConsoleTexts;

/**
 * The "Add an operator" form says what a role may do. Which screens a role sees comes from the
 * contract's endpoint roles, so the description must name exactly those screens (the owner's
 * "everything" aside, and My account, which every role has).
 */
describe('role descriptions', () => {
  for (const language of LANGUAGES) {
    it(`name exactly the screens each role sees (${language})`, () => {
      const texts = textsOf(language);
      for (const role of ADMIN_ROLES.filter((r) => r !== 'owner')) {
        const help = texts.operators.roleHelp[role]?.toLocaleLowerCase(language) ?? '';
        const seen = new Set(screensFor({ operator: teamMember({ role }), totpRequired: false }).map((s) => s.key));
        for (const screen of CONSOLE_SCREENS.filter((s) => s.key !== 'security')) {
          const name = texts.nav[screen.key]?.toLocaleLowerCase(language) ?? screen.key;
          expect(help.includes(name), `${role} / ${screen.key}: “${name}” in “${help}”`).toBe(seen.has(screen.key));
        }
      }
    });
  }
});
