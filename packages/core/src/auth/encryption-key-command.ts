/**
 * The shell command that prints a fresh `MCP_AUTH_ENCRYPTION_KEYS` pair (`k1:` + 32 random bytes in
 * base64url): quoted by every refusal and help text that asks for the variable, so they agree.
 */
export const GENERATE_ENCRYPTION_KEY_COMMAND = `node -e "process.stdout.write('k1:' + require('node:crypto').randomBytes(32).toString('base64url') + '\\n')"`;
