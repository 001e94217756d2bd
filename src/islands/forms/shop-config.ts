import { useEffect, useState } from 'react';
import type { ShopConfigDto } from '../../lib/api-client';
import type { Language } from '../../lib/localize';
import { shopApi } from '../../stores/user';

let config: Promise<ShopConfigDto | null> | undefined;

/** The shop settings for code in the browser, fetched once per page. */
export function loadShopConfig(lang: Language): Promise<ShopConfigDto | null> {
  config ??= shopApi({ lang, anonymous: true })
    .getConfig()
    .then((result) => result.data);
  return config;
}

/** The shop settings, or undefined while they load (null when they could not be loaded). */
export function useShopConfig(lang: Language): ShopConfigDto | null | undefined {
  const [value, setValue] = useState<ShopConfigDto | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadShopConfig(lang).then((loaded) => live && setValue(loaded));
    return () => {
      live = false;
    };
  }, [lang]);
  return value;
}
