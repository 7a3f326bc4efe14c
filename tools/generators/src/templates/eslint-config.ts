/** `eslint.config.js`: the workspace rules (no-console in src, module boundaries by tag). */
export function eslintConfig(): string {
  return `import root from '../../eslint.config.js';

export default root;
`;
}
