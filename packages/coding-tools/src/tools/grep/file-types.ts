/**
 * File types for Grep's `type` filter: a subset of ripgrep's built-in table (`rg --type-list`,
 * `crates/ignore/src/default_types.rs`), in its current definitions. ripgrep gets these globs too
 * (`--type-add`), so both backends agree on every type listed here; ripgrep alone also knows the
 * rest of its table.
 */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  c: ['*.[chH]', '*.[chH].in', '*.cats'],
  cpp: ['*.[ChH]', '*.cc', '*.[ch]pp', '*.[ch]xx', '*.hh', '*.inl', '*.[ChH].in', '*.cc.in', '*.[ch]pp.in', '*.[ch]xx.in', '*.hh.in'],
  cs: ['*.cs'],
  csharp: ['*.cs'],
  css: ['*.css', '*.scss'],
  dart: ['*.dart'],
  docker: ['*Dockerfile*'],
  elixir: ['*.ex', '*.eex', '*.exs'],
  go: ['*.go'],
  haskell: ['*.hs', '*.lhs', '*.cpphs', '*.c2hs', '*.hsc'],
  html: ['*.htm', '*.html', '*.ejs'],
  java: ['*.java', '*.jsp', '*.jspx', '*.properties'],
  js: ['*.js', '*.jsx', '*.vue', '*.cjs', '*.mjs'],
  json: ['*.json', 'composer.lock'],
  jsonl: ['*.jsonl'],
  kotlin: ['*.kt', '*.kts'],
  less: ['*.less'],
  lua: ['*.lua'],
  make: ['[Gg][Nn][Uu]makefile', '[Mm]akefile', '[Gg][Nn][Uu]makefile.am', '[Mm]akefile.am', '[Gg][Nn][Uu]makefile.in', '[Mm]akefile.in', '*.mk', '*.mak'],
  markdown: ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn'],
  md: ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn'],
  php: ['*.php', '*.php3', '*.php4', '*.php5', '*.php7', '*.php8', '*.pht', '*.phtml'],
  protobuf: ['*.proto'],
  py: ['*.py'],
  ruby: ['config.ru', 'Gemfile', '.irbrc', 'Rakefile', '*.gemspec', '*.rb', '*.rbw'],
  rust: ['*.rs'],
  sass: ['*.sass', '*.scss'],
  scala: ['*.scala', '*.sbt'],
  sh: [
    '.login', '.logout', '.profile', 'profile', '.bash_login', 'bash_login', '.bash_logout', 'bash_logout',
    '.bash_profile', 'bash_profile', '.bashrc', 'bashrc', '*.bashrc', '.cshrc', '*.cshrc', '.kshrc', '*.kshrc',
    '.tcshrc', '.zshenv', 'zshenv', '.zlogin', 'zlogin', '.zlogout', 'zlogout', '.zprofile', 'zprofile', '.zshrc',
    'zshrc', '*.bash', '*.csh', '*.ksh', '*.sh', '*.tcsh', '*.zsh',
  ],
  sql: ['*.sql', '*.psql'],
  swift: ['*.swift'],
  toml: ['*.toml', 'Cargo.lock'],
  ts: ['*.ts', '*.tsx', '*.cts', '*.mts'],
  txt: ['*.txt'],
  xml: ['*.xml', '*.xml.dist', '*.dtd', '*.xsl', '*.xslt', '*.xsd', '*.xjb', '*.rng', '*.sch', '*.xhtml'],
  yaml: ['*.yaml', '*.yml'],
};

export const FILE_TYPE_NAMES: readonly string[] = Object.keys(FILE_TYPES);
