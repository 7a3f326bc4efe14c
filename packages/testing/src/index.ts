import { VERSION } from '@toolsmith/core';
export const CORE_VERSION: string = VERSION;
