import { useMemo } from 'react';
import { useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import type { FillableForm } from '@/lib/api/types';
import type { SendTarget } from '../api';
import { FillFormPage } from '../components/fill-form-page';
import { useBack } from '../use-back';

/**
 * Spec 000 screen 11: a form filled in through its guest link, without signing in. A guest has
 * no folder list to return to, so 'Gereed' starts the form again, empty.
 */
export function GuestFormRoute() {
  const form = useLoaderData<FillableForm>();
  const location = useLocation();
  const navigate = useNavigate();
  const back = useBack(paths.home.build());
  const { guest_id: guestId = '' } = useParams();
  const target = useMemo<SendTarget>(() => ({ kind: 'guest', guestId }), [guestId]);
  const again = () => void navigate(location.pathname, { replace: true });

  return (
    <FillFormPage
      key={location.key}
      form={form}
      target={target}
      creditsExhausted={false}
      onBack={back}
      onDone={again}
      onFillAgain={again}
    />
  );
}
