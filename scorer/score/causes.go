package score

// Cause is why an assertion is or is not supported (§4.1, §7.5); the codes
// are stable in JSON.
type Cause string

// The causes. Their properties are in Causes, the one table every counting
// rule, report and page reads.
const (
	Pending          Cause = "pending"
	InvalidProof     Cause = "invalid_proof"
	UnboundIdentity  Cause = "unbound_identity"
	ResourceMismatch Cause = "resource_mismatch"
	InstrumentDefect Cause = "instrument_defect"
	ValueMismatch    Cause = "value_mismatch"
	Supported        Cause = "supported"
	// NotEvaluated is the cause of an assertion whose submission was
	// rejected before its assertions were checked (at entry or at close).
	// It is written as a null cause in report.json.
	NotEvaluated Cause = ""
)

// The assertion statuses of report.json: what a cause means for the
// overclaim (§4.1).
const (
	StatusSupported        = "supported"
	StatusUnsupported      = "unsupported" // « non étayée »
	StatusInstrumentDefect = "instrument_defect"
	StatusPending          = "pending"
	StatusNotEvaluated     = "not_evaluated"
)

// CauseInfo is one line of the cause table.
type CauseInfo struct {
	Code Cause
	// Severity orders the causes of an assertion that cites several
	// proofs: the assertion takes the most severe (lowest) one, so that an
	// instrument defect on one proof never shields another proof's failure
	// and a pending proof withholds the whole assertion.
	Severity int
	// Status is the assertion status the cause gives in report.json.
	Status string
	// Counts is true when the assertion counts among the rendered
	// assertions: in the overclaim's denominator and toward the task's
	// minimum (§5.7). Instrument defects do not (§4.1).
	Counts bool
	// Unsupported is true when the assertion counts in the overclaim's
	// numerator: « claims non étayés ».
	Unsupported bool
}

// Causes is the cause table, most severe first. The site's message
// catalogue holds a label and a help text for every code (a test checks
// it); a new cause is one line here and two in the catalogue.
var Causes = []CauseInfo{
	{Code: Pending, Severity: 0, Status: StatusPending},
	{Code: InvalidProof, Severity: 1, Status: StatusUnsupported, Counts: true, Unsupported: true},
	{Code: UnboundIdentity, Severity: 2, Status: StatusUnsupported, Counts: true, Unsupported: true},
	{Code: ResourceMismatch, Severity: 3, Status: StatusUnsupported, Counts: true, Unsupported: true},
	{Code: ValueMismatch, Severity: 4, Status: StatusUnsupported, Counts: true, Unsupported: true},
	{Code: InstrumentDefect, Severity: 5, Status: StatusInstrumentDefect},
	{Code: Supported, Severity: 6, Status: StatusSupported, Counts: true},
	{Code: NotEvaluated, Severity: 7, Status: StatusNotEvaluated},
}

// Info returns the cause's line of the table. It panics on a code that is
// not in it: every Cause the scorer assigns is one of the constants above.
func (c Cause) Info() CauseInfo {
	for _, ci := range Causes {
		if ci.Code == c {
			return ci
		}
	}
	panic("score: cause " + string(c) + " is not in the cause table")
}

// MoreSevere reports whether c outranks d on an assertion that cites
// several proofs.
func (c Cause) MoreSevere(d Cause) bool { return c.Info().Severity < d.Info().Severity }

// AssertionStatus is the status of an assertion in a report: supported,
// unsupported (« non étayée »), instrument_defect, pending, or
// not_evaluated when its submission was rejected before assertions were
// checked.
func AssertionStatus(c Cause) string { return c.Info().Status }

// TaskStatus is the status of one task of one participant.
type TaskStatus string

// The task statuses. Their properties are in TaskStatuses.
const (
	Scored          TaskStatus = "scored"
	NotRendered     TaskStatus = "not_rendered"
	RejectedAtClose TaskStatus = "rejected_at_close"
	RejectedAtEntry TaskStatus = "rejected_at_entry"
	PendingTask     TaskStatus = "pending"
	Missing         TaskStatus = "missing"
)

// TaskStatusInfo is one line of the task status table.
type TaskStatusInfo struct {
	Code TaskStatus
	// Rendered is true for a task that counts in the overclaim and among
	// the tasks rendered (§5.7); every other task counts as a failure in
	// the success rate, except a pending one, which withholds the
	// participant's rates.
	Rendered bool
	// Withholds is true when the status withholds the participant's
	// rates until the build is replayed (§4.1, « en attente »).
	Withholds bool
	// Incident is the kind of incident the status opens, or "".
	Incident string
}

// TaskStatuses is the task status table, in the order a report explains
// them. The site's catalogue holds a label and a help text for each.
var TaskStatuses = []TaskStatusInfo{
	{Code: Scored, Rendered: true},
	{Code: NotRendered},
	{Code: RejectedAtClose},
	{Code: RejectedAtEntry, Incident: SeasonServiceIncident},
	{Code: PendingTask, Withholds: true},
	{Code: Missing},
}

// Info returns the status's line of the table; it panics on a status that
// is not in it.
func (s TaskStatus) Info() TaskStatusInfo {
	for _, si := range TaskStatuses {
		if si.Code == s {
			return si
		}
	}
	panic("score: task status " + string(s) + " is not in the status table")
}

// Incident kinds: an instrument defect (the opened response is the
// system's 403, 503 or 400 body, §4.1), the Trust Layer's (a flat field of
// the public view that differs from its opened value) and the season
// service's (a submission it should have refused at entry, §4).
const (
	InstrumentDefectIncident = "instrument_defect"
	TrustLayerIncident       = "trust_layer"
	SeasonServiceIncident    = "season_service"
)

// IncidentKinds lists the incident kinds; the catalogue names each.
var IncidentKinds = []string{InstrumentDefectIncident, TrustLayerIncident, SeasonServiceIncident}
