import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('keyboard movement in the tabs and the accordion', () => {
  it('tabs: the arrows move to and select the next or previous tab, wrapping; Home and End the ends', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Parts">
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b">B</TabsTrigger>
          <TabsTrigger value="c">C</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel A</TabsContent>
        <TabsContent value="b">Panel B</TabsContent>
        <TabsContent value="c">Panel C</TabsContent>
      </Tabs>,
    );
    const selected = () => screen.getByRole('tab', { selected: true }).textContent;
    await user.click(screen.getByRole('tab', { name: 'A' }));
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('B');
    expect(screen.getByRole('tab', { name: 'B' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
    await user.keyboard('{End}');
    expect(selected()).toBe('C');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('A');
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('C');
    await user.keyboard('{Home}');
    expect(selected()).toBe('A');
    // The accordion's keys do nothing here.
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe('A');
  });

  it('accordion: up and down move focus between questions without opening them', async () => {
    const user = userEvent.setup();
    render(
      <Accordion>
        {['one', 'two', 'three'].map((value) => (
          <AccordionItem key={value} value={value}>
            <AccordionTrigger>{`Question ${value}`}</AccordionTrigger>
            <AccordionContent>{`Answer ${value}`}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>,
    );
    screen.getByRole('button', { name: 'Question one' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Question two' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Question three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Question one' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Question three' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Question three' })).toHaveAttribute('aria-expanded', 'false');
  });
});
