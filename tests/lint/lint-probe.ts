import { ESLint } from 'eslint';

/**
 * Lints small virtual files placed in the real folders with one rule switched on, so a test sees what that
 * rule says whatever else lint checks. Returns the rule's messages for a file path and its code.
 */
export function createProbeLinter(ruleId: string): (filePath: string, code: string) => Promise<string[]> {
  const eslint = new ESLint({
    cwd: new URL('../..', import.meta.url).pathname,
    ruleFilter: (rule) => rule.ruleId === ruleId,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((message) => message.message);
  };
}
