import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AttorneySchedule } from '@casedesk/contract/attorneys/attorney-schedule';
import { clockLabel, formValuesOf, WEEKDAY_NAMES } from './schedule-form-values.ts';
import classes from './schedule-editor.module.css';

/** The weekly schedule for users who may see but not change it (SPEC §6: ATTORNEY_SCHEDULE READ only). */
export function ScheduleView({ schedule }: { schedule: AttorneySchedule }) {
  const { entries } = formValuesOf(schedule);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="weekly-schedule-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="weekly-schedule-title">
            Weekly schedule
          </Title>
          <Text size="sm" c="dimmed">
            Hours in the office’s time zone ({schedule.timeZone}). You can view this schedule; changing it needs edit
            access to attorney schedules.
          </Text>
        </Stack>
        <div>
          {WEEKDAY_NAMES.map((dayName, dayOfWeek) => {
            const windows = entries.filter((e) => e.dayOfWeek === dayOfWeek);
            return (
              <div key={dayName} className={classes.day}>
                <Text fw={600} size="sm" className={classes.dayName} pt={0}>
                  {dayName}
                </Text>
                <Stack gap={4}>
                  {windows.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Not working
                    </Text>
                  )}
                  {windows.map((w) => (
                    <Group key={`${w.startTime}-${w.endTime}`} gap="xs">
                      <Text size="sm">
                        {clockLabel(w.startTime)} – {clockLabel(w.endTime)}
                      </Text>
                      {w.lawType && (
                        <Badge variant="light" radius="sm">
                          {w.lawType}
                        </Badge>
                      )}
                      {w.jurisdiction && (
                        <Badge variant="light" color="gray" radius="sm">
                          {w.jurisdiction}
                        </Badge>
                      )}
                    </Group>
                  ))}
                </Stack>
              </div>
            );
          })}
        </div>
      </Stack>
    </Paper>
  );
}
