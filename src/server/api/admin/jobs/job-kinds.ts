import { productBulkJob } from '../catalog/product-bulk-job';
import { productImportJob } from '../catalog/product-import-job';
import type { JobKinds } from './job-runner';

/** Every kind of back office job, by the name stored with it. */
export const jobKinds: JobKinds = {
  'products.bulk': productBulkJob,
  'products.import': productImportJob,
};
