import type { SearchGlossary } from '@toolsmith/core';

/**
 * The coding tools' words for `search_tools`, beside core's (CORE_SEARCH_GLOSSARY): what developers
 * call the tools' jobs, in English and Russian.
 */
export const CODING_SEARCH_GLOSSARY: SearchGlossary = [
  ['file', 'source', 'code', 'файл', 'исходник', 'код'],
  ['glob', 'pattern', 'wildcard', 'mask', 'name', 'маска', 'шаблон', 'имя'],
  ['grep', 'content', 'regex', 'occurrence', 'содержимое', 'вхождение', 'регулярка'],
  [
    'bash',
    'shell',
    'command',
    'terminal',
    'script',
    'execute',
    'test',
    'build',
    'команда',
    'терминал',
    'скрипт',
    'выполнить',
    'тесты',
    'сборка',
  ],
  ['todo', 'plan', 'task', 'step', 'задача', 'план', 'шаг'],
  ['web', 'internet', 'online', 'интернет', 'сеть'],
  ['fetch', 'url', 'page', 'download', 'страница', 'ссылка', 'скачать'],
  ['patch', 'diff', 'several', 'multiple', 'патч', 'дифф', 'несколько'],
  [
    'diagnostic',
    'typecheck',
    'type',
    'lint',
    'compile',
    'compiler',
    'error',
    'warning',
    'ошибка',
    'компиляция',
    'линтер',
    'предупреждение',
  ],
  ['directory', 'folder', 'tree', 'listing', 'папка', 'каталог', 'дерево'],
  ['edit', 'replace', 'modify', 'change', 'править', 'заменить', 'изменить'],
  ['write', 'create', 'overwrite', 'записать', 'создать', 'перезаписать'],
  ['batch', 'parallel', 'concurrent', 'together', 'параллельно', 'вместе', 'пакет'],
  ['ask', 'user', 'question', 'спросить', 'пользователь', 'вопрос'],
  ['example', 'usage', 'api', 'snippet', 'пример', 'использование'],
];
