import { useQuery } from '@tanstack/react-query';
import type { ProductChoices, ProductDetail, ProductListItem } from '../../../contract/admin';
import { api } from '../../api/client';

export type { ProductChoices, ProductDetail, ProductListItem };

export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

/** The catalogs a product can be listed in and the shop's currency, for the list's filter and the editor. */
export function useProductChoices() {
  return useQuery({ queryKey: ['product-choices'], queryFn: () => api.get<ProductChoices>('/product-choices'), staleTime: 60_000 });
}

/** Lists and records a product write refreshes. */
export const PRODUCT_QUERIES = [['products'], ['dashboard']];
