import { estimateLinesOf, selectLinesForMode, splitTreatmentLines } from './modes';

const TODAY = '09/15/2026';

describe('selectLinesForMode', () => {
  const appointments = [
    { id: 'past', date: '2026-09-01' },
    { id: 'later', date: '2026-11-02' },
    { id: 'next', date: '2026-09-20' },
    { id: 'today', date: '09/15/2026' },
    { id: 'broken', date: 'soon' },
  ];
  const lines = [
    { name: 'undated', appointmentId: null },
    { name: 'later 1', appointmentId: 'later' },
    { name: 'today', appointmentId: 'today' },
    { name: 'next', appointmentId: 'next' },
    { name: 'past', appointmentId: 'past' },
    { name: 'unknown appointment', appointmentId: 'gone' },
    { name: 'later 2', appointmentId: 'later' },
    { name: 'broken date', appointmentId: 'broken' },
  ];
  const names = (mode: 'completePlan' | 'nextAppointment' | 'allAppointments', today = TODAY) =>
    selectLinesForMode(lines, appointments, mode, today).map((line) => line.name);

  it('completePlan: every line, by appointment day, then those on no (readable) appointment in their order', () => {
    expect(names('completePlan')).toEqual(['past', 'today', 'next', 'later 1', 'later 2', 'undated', 'unknown appointment', 'broken date']);
  });

  it('nextAppointment: the lines of the earliest appointment from today on', () => {
    expect(names('nextAppointment')).toEqual(['today']);
    expect(names('nextAppointment', '09/16/2026')).toEqual(['next']);
    expect(names('nextAppointment', '12/01/2026')).toEqual([]);
  });

  it('allAppointments: the lines of every appointment from today on', () => {
    expect(names('allAppointments')).toEqual(['today', 'next', 'later 1', 'later 2']);
  });

  it('refuses an unreadable today', () => {
    expect(() => names('completePlan', '2026-09-15')).toThrow(RangeError);
  });
});

describe('splitTreatmentLines and estimateLinesOf', () => {
  const lines = [
    { procedureCode: 'D1110', dateOfService: '09/14/2026', procedureStatus: 'completed' as const, tooth: null, fee: null },
    { procedureCode: 'D2150', dateOfService: '09/15/2026', procedureStatus: 'scheduled' as const, tooth: '30', fee: 160 },
    { procedureCode: 'D2740', dateOfService: null, procedureStatus: 'treatment_planned' as const, tooth: 'Z9', fee: null },
    { procedureCode: 'D7140', dateOfService: '2024-06-01', procedureStatus: 'completed' as const, tooth: '19', fee: null },
  ];

  it('splits by SPEC section 4: before today is history; undated, today or later is planned', () => {
    const split = splitTreatmentLines(lines, TODAY);
    expect(split.history.map((line) => line.procedureCode)).toEqual(['D1110', 'D7140']);
    expect(split.planned.map((line) => line.procedureCode)).toEqual(['D2150', 'D2740']);
  });

  it('gives the estimate its planned and history lines, dropping teeth SPEC does not know', () => {
    expect(estimateLinesOf(lines, TODAY)).toEqual({
      planned: [
        { code: 'D2150', dateOfService: '09/15/2026', tooth: '30', fee: 160 },
        { code: 'D2740', dateOfService: null, tooth: null, fee: null },
      ],
      history: [
        { code: 'D1110', date: '09/14/2026', tooth: [], procedureStatus: 'completed' },
        { code: 'D7140', date: '2024-06-01', tooth: ['19'], procedureStatus: 'completed' },
      ],
    });
  });
});
