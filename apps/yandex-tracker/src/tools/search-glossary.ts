import type { SearchGlossary } from '@toolsmith/core';

/**
 * Tracker's words for `search_tools`, beside core's (CORE_SEARCH_GLOSSARY): its entities in Russian,
 * the interface language of most of its users, and the other names they go by.
 */
export const TRACKER_SEARCH_GLOSSARY: SearchGlossary = [
  ['issue', 'ticket', 'bug', 'задача', 'задачка', 'тикет', 'карточка', 'баг', 'ошибка'],
  ['queue', 'очередь'],
  ['component', 'компонент', 'модуль'],
  ['sprint', 'iteration', 'спринт', 'итерация'],
  ['board', 'kanban', 'scrum', 'agile', 'доска', 'канбан', 'скрам'],
  ['column', 'колонка', 'столбец'],
  ['worklog', 'spent', 'timesheet', 'трудозатраты', 'списать', 'списание', 'затраты'],
  ['transition', 'workflow', 'status', 'переход', 'статус', 'воркфлоу'],
  ['changelog', 'history', 'история', 'изменения'],
  ['filter', 'saved', 'фильтр', 'сохраненный'],
  ['version', 'release', 'fixversion', 'версия', 'релиз'],
  ['entity', 'portfolio', 'goal', 'project', 'сущность', 'портфель', 'цель', 'проект'],
  ['checklist', 'todo', 'чеклист', 'чек-лист', 'пункт'],
  ['attachment', 'file', 'вложение', 'файл', 'аттач'],
  ['link', 'relation', 'depends', 'связь', 'связать', 'зависимость'],
  ['field', 'поле', 'параметр'],
  ['priority', 'приоритет'],
  ['resolution', 'резолюция', 'решение'],
  ['user', 'login', 'пользователь', 'логин', 'сотрудник'],
  ['bulk', 'many', 'mass', 'массово', 'много', 'пакетно'],
  ['macro', 'макрос'],
  ['trigger', 'триггер', 'автоматизация'],
  ['autoaction', 'автодействие'],
  ['dashboard', 'дашборд', 'панель'],
  ['access', 'permission', 'доступ', 'права'],
];
