import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoader } from './page-loader.tsx';

describe('PageLoader', () => {
  it('announces that the page is loading', () => {
    render(
      <MantineProvider>
        <PageLoader />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
