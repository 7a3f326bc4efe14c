import type { SearchGlossary } from '@toolsmith/core';

/**
 * ClickUp's words for `search_tools`, beside core's (CORE_SEARCH_GLOSSARY): its hierarchy and features
 * under the other names users give them, and in Russian.
 */
export const CLICKUP_SEARCH_GLOSSARY: SearchGlossary = [
  ['task', 'ticket', 'todo', 'card', 'задача', 'задачка', 'карточка'],
  ['subtask', 'child', 'подзадача'],
  ['list', 'список'],
  ['folder', 'папка'],
  ['space', 'пространство'],
  ['workspace', 'team', 'organization', 'рабочее', 'команда', 'организация'],
  ['hierarchy', 'structure', 'tree', 'иерархия', 'структура'],
  ['member', 'people', 'user', 'участник', 'пользователь', 'люди'],
  ['time', 'timer', 'tracking', 'spent', 'время', 'таймер', 'учет', 'потрачено', 'списать'],
  ['entry', 'record', 'запись'],
  ['goal', 'okr', 'objective', 'цель'],
  ['key', 'result', 'target', 'progress', 'ключевой', 'результат', 'прогресс'],
  ['view', 'board', 'представление', 'вид', 'доска'],
  ['doc', 'page', 'wiki', 'документ', 'страница', 'вики'],
  ['tag', 'label', 'тег', 'метка'],
  ['custom', 'field', 'кастомное', 'поле'],
  ['dependency', 'block', 'wait', 'зависимость', 'блокирует'],
  ['checklist', 'чеклист', 'пункт'],
  ['attachment', 'file', 'вложение', 'файл'],
  ['chat', 'message', 'channel', 'чат', 'сообщение', 'канал'],
  ['reminder', 'remind', 'напоминание', 'напомнить'],
  ['sprint', 'спринт'],
  ['template', 'шаблон'],
  ['guest', 'гость'],
  ['group', 'группа'],
  ['bulk', 'many', 'mass', 'массово', 'много'],
];
