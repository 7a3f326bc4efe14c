// Preloaded with `node --import`: records every module the process loads (node:module's synchronous
// hooks) and writes the list, one URL a line, to $RECORD_LOADS_TO when the process exits.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.RECORD_LOADS_TO, [...loaded].join('\n')));
