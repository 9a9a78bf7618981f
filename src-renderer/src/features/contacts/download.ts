// The shared download helper, under the name event-log/SessionsBar.tsx still imports it by; new
// code imports components/download directly.
export { downloadFile } from '../../components/download';
