/**
 * What the infrastructure reads of the functions, declared in one module so infra never reaches into their
 * internals (eslint.config.js holds it): the table's definition, the headers the origin check reads, and the
 * result-mail queue's settings. The handler entries come from the shared route table.
 */
export { tableDefinition } from './db/table-definition';
export { ORIGIN_VERIFY_HEADER } from './lib/config';
export { VIEWER_ADDRESS_HEADER } from './lib/origin';
export { resultMailQueue } from './queue/result-mail-settings';
