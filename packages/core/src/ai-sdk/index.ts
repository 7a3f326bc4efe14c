// Public API of @toolsmith/core/ai-sdk — the Vercel AI SDK adapter. Everything exported here is public.
export { toAiSdkTools, toAiSdkTool, type AiSdkToolsOptions } from './to-ai-sdk-tools.ts';
