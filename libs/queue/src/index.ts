export * from './index-job-queue';
