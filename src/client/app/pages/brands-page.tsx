import { BrandsSettings } from '../../features/brands/brands-page';
import { NewsroomSettingsPanel } from '../../features/newsroom/newsroom-settings';

/** /settings/brands: the brands, each card opening its newsroom's settings as the newsroom feature draws them. */
export default function BrandsPage() {
  return <BrandsSettings newsroom={(brandId) => <NewsroomSettingsPanel brandId={brandId} />} />;
}
