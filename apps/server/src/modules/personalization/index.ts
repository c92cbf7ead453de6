export { messageWriterFor, type MessageWriter } from './message-writer.ts';
