export { messageWriterFor, type MessageWriter } from './message-writer.ts';
export { countAiMessagesOn } from './personalization.queries.ts';
