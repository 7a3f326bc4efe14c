import root from '../../eslint.config.js';

// A command-line tool, not a server: printing to the terminal is its job.
export default [...root, { rules: { 'no-console': 'off' } }];
