export { sendAndWaitProperties as properties } from './properties';
export { resumeWithAnswer } from './resume';
