import Header, { type HeaderProps } from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

export interface TableHeaderProps {
  /** Translated title and description. */
  title: string;
  description?: string;
  /** The number of rows, shown as "(n)" once loaded. */
  count: number | undefined;
  /** The header buttons, laid out in a row. */
  actions: ReactNode;
  /** A table below other page content takes a section heading instead of the page's sticky h1. */
  variant?: HeaderProps.Variant;
}

/** The sticky page header of a full-page table: title, row count, description and actions. */
export function TableHeader({ title, description, count, actions, variant = 'awsui-h1-sticky' }: TableHeaderProps) {
  return (
    <Header
      variant={variant}
      counter={count !== undefined ? `(${count})` : undefined}
      description={description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {actions}
        </SpaceBetween>
      }
    >
      {title}
    </Header>
  );
}
