import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RegistrationValues } from './registration-values';

describe('RegistrationValues', () => {
  it('shows a route by its points and duration, linked to the tracking map', () => {
    const route = [
      { timestamp: '2024-05-01T09:00:00.000Z', lon: 5.387, lat: 52.155, accuracy: 4 },
      { timestamp: '2024-05-01T09:02:05.000Z', lon: 5.388, lat: 52.155, accuracy: 4 },
    ];
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <RegistrationValues
            schema={[{ name: 'route', label: 'Looproute', elementType: 'tracking' }]}
            values={{ route }}
            trackingMap="/map/tracking/f1/r1"
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('2 punten, duur 0:02:05')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Route op de kaart bekijken' }).getAttribute('href')).toBe('/map/tracking/f1/r1');
  });
});
