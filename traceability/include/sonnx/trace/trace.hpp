// sonnx-trace: the traceability report generator, in three stages:
//   readers   (parse.cpp, read_registers.cpp, provenance.cpp, report.cpp, sections*.cpp) turn the
//             catalogue, the sources and the evidence files into the model below;
//   model     (this header, model.cpp, join.cpp) joins them per requirement (status and proof
//             level as enums);
//   renderers (render_*.cpp) write traceability.json, .html, .md, .csv and the console gap list;
//             the HTML page is the Mustache template templates/report.html.mustache, embedded in
//             the executable at build time (cmake/embed_template.cmake).
// The content hash of the sources comes from sonnx_evidence.evidence_provenance --hash, the commit
// from git rev-parse HEAD (provenance.cpp), both started through sonnx::process.
//
// Reads the requirement catalogue (spec/requirements.json), scans the sources for OpenFastTrace
// code tags, reads the evidence that real runs left in the evidence directory (Catch2 XML, WP
// report JSON/CSV, why3.json, exhaustive sweeps, tool versions, optional bench and coverage),
// joins them per requirement and renders JSON, HTML, Markdown and CSV reports.
// Nothing is marked verified unless a run produced the evidence; missing evidence is a gap.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace trace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------------------------
// Status values
// A requirement's status, in the order the reports show them.
enum class Status : std::uint8_t { verified, partial, stale, failed, missing };
inline constexpr Status kStatuses[] = {Status::verified, Status::partial, Status::stale,
                                       Status::failed, Status::missing};
// A proof level, weakest first (a stronger level compares greater).
enum class Level : std::uint8_t { none, test, spec, exhaustive, code };
// Whether an evidence file is bound to the current sources: not applicable (a file that records
// none by design), the recorded hash is the current one, it differs, nothing recorded, not checked
// (--no-stale-check, or the hash could not be computed).
enum class Provenance : std::uint8_t { not_applicable, current, changed, none, not_checked };
// The words of the reports and traceability.json: "verified", "code", "not checked", ...
const char* to_string(Status s);
const char* to_string(Level l);
const char* to_string(Provenance p);

// ---------------------------------------------------------------------------------------------
// Catalogue
struct Source {
  std::string doc;        // key in "sources", e.g. "002", "DEF"
  std::string file;       // seed file name, e.g. 002_5693e53ad56ae5fd.txt
  std::string doc_title;  // title of the source document
  std::string section;
  std::string sonnx_tag;
};

// One entry of a requirement's decided_by or supported_by. Why3 goals, sweeps and tags are named
// exactly in the catalogue; WP properties by function family and label (by_family), expanded into
// exact names by sonnx_evidence.decided_by (decided-by.json of the evidence folder, read by
// apply_family_expansion).
struct EvidenceRef {
  std::string method;              // why3, wp, exhaustive, test
  std::vector<std::string> types;  // element types it is about; empty: all of the requirement's
  std::vector<std::string> names;  // Why3 goals (file stem.Theory.goal), WP properties (as WP's
                                   // report names them), sweep files, or Catch2 tags
  std::string why;                 // supported_by: why it decides nothing
  bool by_family = false;          // WP properties named by family: names come from the expansion
  int index = 0;                   // its position in the catalogue's list (for the expansion)
};

struct Requirement {
  std::string id;
  std::string title;
  std::string statement;
  Source source;
  std::vector<std::string> methods;     // among test, why3, wp, exhaustive
  std::vector<std::string> types;       // element types whose levels are shown apart (may be empty)
  std::vector<EvidenceRef> decided_by;  // the evidence whose level is the requirement's
  std::vector<EvidenceRef> supported_by;  // evidence that must hold but decides nothing
  bool needs(const std::string& method) const;
};

struct Catalogue {
  std::string schema;
  std::string op;
  std::vector<Requirement> requirements;
  std::map<std::string, std::string> method_descriptions;
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>>
      sources;  // key, (file, title)
  bool has(const std::string& id) const;
  bool has_families() const;  // some WP entry names its properties by family
};

// Throws std::runtime_error on a missing or malformed catalogue.
Catalogue load_catalogue(const fs::path& path);

// True for "C1", "GR4", "D12": upper-case letters then digits.
bool is_id_shaped(const std::string& s);

// ---------------------------------------------------------------------------------------------
// Evidence
struct TestCase {
  std::string name;
  std::string tags;  // as written, e.g. "[C1][R4]"
  std::vector<std::string> ids;
  std::string file;
  int line = 0;
  std::string executable;  // from <Catch name=...>
  std::string evidence;    // XML file it came from
  bool passed = false;
};

struct CatchFile {
  std::string executable;
  std::vector<TestCase> cases;
  bool complete = false;  // the closing </Catch> was seen
  std::string error;      // non-empty if unreadable
};
CatchFile parse_catch_xml(const std::string& text);

// Splits "[C1][R4][.]" into {"C1","R4","."}.
std::vector<std::string> split_tags(const std::string& tags);

// One prover's answer on one goal (the "verdicts" lists of why3.json and wp-report.json).
struct Verdict {
  std::string prover;
  std::string result;  // valid, invalid, timeout, unknown, failure
  std::optional<double> time_s;
};

struct ProofGoal {
  std::string system;  // "why3" or "wp"
  std::string file;    // source file of the goal (may be empty)
  int line = 0;
  std::string scope;  // Why3 theory or C function
  std::string goal;
  std::string name;  // the name decided_by uses: Why3 "file stem.Theory.goal", WP the property
  std::vector<std::string> ids;
  std::vector<std::string> provers;
  std::optional<double> time_s;
  std::string status;
  bool proved = false;
  std::string note;  // e.g. WP: "valid under hypotheses" (depends on properties WP did not prove)
  // Register rows of the unproved properties the goal rests on (wp-report.json "conditional", or
  // Frama-C's status "Valid under hypotheses"): a proved goal with conditions is conditional.
  std::vector<std::string> conditions;
  // Proof obligations behind this goal: WP merges e.g. a loop invariant's "established" and
  // "preserved" obligations under one goal name (wp:main total/valid); Why3 entries count 1.
  std::uint64_t obligations = 1;
  std::uint64_t obligations_valid = 0;
  std::string evidence;
  std::vector<Verdict> verdicts;  // every prover asked, when the evidence records them
  // The prover policy's verdict ("accepted"), when the evidence records it. A goal that a prover
  // found valid but the policy does not accept (e.g. Z3 alone on a floating-point goal) is
  // recorded as not proved.
  std::optional<bool> accepted;
  bool fp = false;  // the goal's theory uses floating point (why3.json "fp")
};

// Reads "verdicts", "accepted" and "fp" of one goal object; a valid goal that the policy does not
// accept becomes unproved.
void read_policy_fields(ProofGoal& g, const nlohmann::json& goal);
// Fail closed: a goal whose evidence records no acceptance under the prover policy is not proved.
void apply_acceptance(ProofGoal& g);

struct WpProperty {  // one row of -report-csv
  std::string dir, file, function, kind, status, property, label;
  int line = 0;
};
std::vector<WpProperty> parse_wp_csv(const std::string& text);
std::vector<ProofGoal> parse_wp_json(const std::string& text);
// Joins CSV locations and statuses into the JSON goals (or builds goals from the CSV alone).
std::vector<ProofGoal> join_wp(std::vector<ProofGoal> goals, const std::vector<WpProperty>& props,
                               bool have_json);
// Prover time per goal from WP's console log (prove.sh keeps it as wp-log.txt): lines
// "[wp] [Valid] Goal typed_..._ensures_F1_x : Valid (Qed:2ms) (1.2s)". Adds time_s to the goals
// whose name is the console name or a '_'-suffix of it.
void add_wp_times(std::vector<ProofGoal>& goals, const std::string& log);

struct Why3File {
  std::vector<ProofGoal> goals;
  std::vector<std::string>
      assumptions;      // register rows of the goals' contexts ("axioms": {"rows"})
  std::string summary;  // rendered summary, for display
};
Why3File parse_why3_json(const std::string& text);

struct Exhaustive {
  std::string format;
  std::string mode;
  std::uint64_t pairs_checked = 0;
  std::uint64_t mismatches = 0;
  std::optional<double> wall_s;
  std::uint64_t symmetry_failures = 0;
  std::optional<bool> passed;    // the sweep's own verdict, when recorded
  std::vector<std::string> ids;  // from "requirements" (list) or "requirement" (string) if given
  std::string evidence;
  bool complete() const { return pairs_checked == (std::uint64_t{1} << 32); }
  bool failed() const { return mismatches != 0 || symmetry_failures != 0 || passed == false; }
  bool ok() const { return complete() && !failed(); }
};
Exhaustive parse_exhaustive(const std::string& text);

struct CodeLink {
  std::string kind;  // impl, utest, proof, ...
  std::string id;
  std::string revision;
  std::string file;  // relative to the source root
  int line = 0;
};
// Scans one text for [kind->req~ID~rev] tags.
std::vector<CodeLink> scan_code_tags(const std::string& text, const std::string& file);

// A library function a requirement's tests reach (coupling.json, control coupling), with the page
// of the coverage build's source view that shows it (relative to the evidence dir).
struct ReachedFunction {
  std::string function;
  std::string variant;
  std::string file;
  int line = 0;
  std::string href;
};

struct Assumption {
  std::vector<std::string> cells;  // ID, kind, where, statement, justification, how checked
};

// A register as data (spec/assumptions.json, spec/deviations.json): rows of text cells under named
// columns, rendered to Markdown (docs/assumptions.md, docs/deviations.md), never parsed out of it.
struct Register {
  std::string title;
  std::vector<std::string> preamble;                         // paragraphs
  std::vector<std::pair<std::string, std::string>> columns;  // key, header
  std::vector<std::vector<std::string>> rows;                // cells in column order
};
// Throws std::runtime_error on a missing or malformed register (a row without a cell of a column,
// a duplicate ID).
Register load_register(const fs::path& path);
// The register's Markdown page; `register_rel` is the data file as the page names it.
std::string render_register_md(const Register& reg, const std::string& register_rel);

// ---------------------------------------------------------------------------------------------
// The joined report
struct Flag {
  std::string code;
  std::string message;
  bool gap = true;  // false: a warning, shown but not failing
};

struct Issue {  // not tied to one requirement
  std::string code;
  std::string message;
  std::string where;
  bool gap = true;
};

struct EvidenceFile {
  std::string path;  // relative to the evidence dir
  std::string kind;
  bool present = false;
  std::string mtime;  // ISO-8601 UTC, for information only (staleness is decided by content)
  bool stale = false;
  std::string newer_source;  // why it is stale: the sources it covers changed since it was made
  // Content binding (evidence/sonnx_evidence/evidence_provenance.py).
  Provenance provenance = Provenance::not_applicable;
  std::string provenance_commit;
  std::vector<std::string> sources;  // the globs recorded
};

// ---------------------------------------------------------------------------------------------
// Content binding of evidence to sources and the commit (provenance.cpp)
// The hash of the files under root that the globs match, as sonnx_evidence.evidence_provenance
// --hash
// (`script`, the one implementation) computes it; nothing, with *error set, when it fails.
std::optional<std::string> sources_sha256(const fs::path& script, const fs::path& root,
                                          const std::vector<std::string>& globs,
                                          std::string* error);
// The commit checked out at root (git rev-parse HEAD), or "" outside a git work tree.
std::string git_commit(const fs::path& root);
// The evidence package's folder (evidence/sonnx_evidence): that of the provenance script when one
// is given, else the one under the source root. Its schemas are in ../schemas.
struct Options;
fs::path evidence_package(const Options& options);
// The strings of v with sep between them.
std::string join(const std::vector<std::string>& v, const std::string& sep);

// ---------------------------------------------------------------------------------------------
// Report sections read from optional evidence files (sections.cpp): runtime conformance, coding
// standard, stack bounds, WP smoke tests, prover policy. Each is rendered generically as tables.
struct Table {
  std::string caption;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t omitted = 0;  // rows left out of the rendering (the JSON file has them all)
};

struct Section {
  std::string id;  // html anchor
  std::string title;
  std::string files;        // evidence file(s) it reads
  bool run = false;         // the evidence file is present
  std::string verdict;      // one line, plain words
  bool bad = false;         // the verdict is a problem (a gap or a finding)
  std::string explanation;  // what the section shows
  std::vector<Table> tables;
};

struct Row {
  const Requirement* req = nullptr;
  std::vector<const TestCase*> tests;
  std::vector<const ProofGoal*> why3;
  std::vector<const ProofGoal*> wp;
  std::vector<const Exhaustive*> exhaustive;
  std::vector<const CodeLink*> links;
  const std::vector<ReachedFunction>* reached = nullptr;  // coupling.json, when present
  std::vector<Flag> flags;
  Status status = Status::missing;
  // Strongest kind of evidence: code (proved WP goals on the compiled sources), exhaustive (a
  // complete 2^32-pair sweep of the compiled code), spec (proved Why3 goals about the
  // specification only), test-only (passed tests), none.
  Level proof_level = Level::none;
  // The level per element type of the requirement ("all" when it names none) and the conditions
  // (register rows) of a conditional level.
  std::vector<std::pair<std::string, Level>> levels_by_type;
  std::vector<std::string> conditions;
  int level_code = 0, level_exhaustive = 0, level_spec = 0, level_tests = 0;
  int tests_passed() const;
  int tests_failed() const;
  // Proof obligations proved / in total (what WP and Why3 themselves count).
  int proved(const std::vector<const ProofGoal*>& goals) const;
  static int total(const std::vector<const ProofGoal*>& goals);
  bool has_gap() const;
};

struct Options {
  fs::path catalogue;
  fs::path source_root;
  fs::path evidence_dir;
  fs::path assumptions;    // spec/assumptions.json
  fs::path catch_list;     // build/catch-tests.txt (optional)
  std::string source_url;  // base URL for source links; default: relative path
  std::string generated;   // timestamp text; default: now
  bool check_stale = true;
  // evidence/sonnx_evidence/evidence_provenance.py; default: the one under the source root.
  fs::path provenance_script;
};

struct Report {
  Options options;
  Catalogue catalogue;
  std::vector<TestCase> tests;
  std::vector<TestCase> verification_tests;  // with a non-requirement tag (kNonRequirementTags)
  std::vector<ProofGoal> why3;
  std::vector<ProofGoal> wp;
  std::vector<Exhaustive> exhaustive;
  std::vector<CodeLink> links;
  std::vector<Assumption> assumptions;
  std::vector<std::string> why3_assumptions;  // register rows the proofs' axiom scans matched
  std::string why3_summary;
  std::vector<std::pair<std::string, std::string>> tool_versions;
  std::vector<std::pair<std::string, std::string>> coverage;  // label, value (gcov)
  // Per requirement, the library functions its tests reach (coupling.json).
  std::map<std::string, std::vector<ReachedFunction>> reached;
  std::vector<std::string> bench_header;  // bench.json as a table
  std::vector<std::vector<std::string>> bench_rows;
  std::deque<EvidenceFile> files;  // deque: references stay valid while appending
  std::vector<Section> sections;
  std::vector<Issue> issues;
  std::vector<Row> rows;
  bool have_catch = false, have_why3 = false, have_wp = false;
  std::string commit;
  // The report's own binding: the catalogue and the assumptions register it joined.
  std::vector<std::string> own_sources;
  std::string own_sources_sha256;

  // The number of requirements of each status, indexed by Status.
  std::array<int, std::size(kStatuses)> status_counts() const;
  int gap_count() const;  // requirement gaps + global gaps
};

// The tags of test cases that count for no requirement, with what such a test checks. A test case
// with no requirement ID carries one of them (the tests of the verification means and of the tools'
// libraries do not exercise the library; requirement_tags.cmake forbids them an ID), or it is an
// untraced-test gap: a test of the library that names no requirement.
struct NonRequirementTag {
  const char* tag;
  const char* checks;
};
inline constexpr NonRequirementTag kNonRequirementTags[] = {
    {"oracle", "the MPFR oracle and the reference implementations"},
    {"platform", "the platform's arithmetic"},
    {"conform", "the conformance campaign's library (conform/)"},
    {"process", "the subprocess utility (process/)"},
    {"tool", "the command-line tool's plumbing that no requirement states (its standard streams)"},
    {"assumption", "what a row of the assumptions register says of the library"}};
bool is_non_requirement_tag(const std::string& tag);

// Builds the optional sections (sections_table.cpp); adds gaps and warnings to rep.issues.
void add_sections(Report& rep);
// Reads rep.reached from coupling.json of the evidence dir, when present (sections_coverage.cpp).
void read_reached(Report& rep);

// Adds a row per requirement of rep.catalogue, joined to the evidence read into rep; stale_files:
// the evidence files bound to other sources than the current ones (join.cpp).
void join_rows(Report& rep, const std::set<std::string>& stale_files);

// Reads everything and joins it. Never throws for evidence problems (they become issues);
// throws std::runtime_error only if the catalogue cannot be read.
Report build_report(const Options& options);

// Renderers (render.cpp)
std::string render_json(const Report& r);
std::string render_html(const Report& r);
std::string render_markdown(const Report& r);
std::string render_csv(const Report& r);
std::string render_gap_list(const Report& r);  // plain text, for the console
// docs/requirements.md from the catalogue alone: deterministic, OFT-importable.
std::string render_requirements_md(const Catalogue& cat, const std::string& catalogue_rel);

// Helpers shared by the renderers.
std::string html_escape(const std::string& s);
std::string md_inline(const std::string& s);
// Fills the names of the catalogue's WP entries named by family from the expansion
// (decided-by.json: {"requirements": {ID: {"decided_by"|"supported_by": [{"index", "names"}]}}});
// returns the problems found (an entry without its expansion, an expansion of an unknown entry,
// families that matched nothing when it was made), each a gap of the report.
std::vector<std::string> apply_family_expansion(Catalogue& catalogue, const nlohmann::json& doc);

int obligations_proved(const std::vector<ProofGoal>& goals);
int obligations_total(const std::vector<ProofGoal>& goals);
std::string csv_field(const std::string& s);
std::string iso_time(fs::file_time_type t);

}  // namespace trace
