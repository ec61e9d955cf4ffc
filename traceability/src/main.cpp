// sonnx-trace command line. See docs/traceability.md.
//   sonnx-trace report --catalogue spec/requirements.json --source-root . --evidence build/evidence
//                      [--catch-list build/catch-tests.txt] [--assumptions spec/assumptions.json]
//                      [--source-url URL] [--allow-gaps] [--no-stale-check]
//                      [--provenance-script FILE] [--generated TEXT]
//   sonnx-trace render-requirements --catalogue spec/requirements.json --out docs/requirements.md
//   sonnx-trace check-requirements  --catalogue spec/requirements.json --file docs/requirements.md
//   sonnx-trace render-register     --register spec/assumptions.json --out docs/assumptions.md
//   sonnx-trace check-register      --register spec/assumptions.json --file docs/assumptions.md
// Exit status: 0 success; 1 gaps (report without --allow-gaps) or out-of-date file; 2 usage or I/O
// error.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <sonnx/trace/trace.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

int usage() {
  std::cerr << "usage:\n"
               "  sonnx-trace report --catalogue FILE --source-root DIR --evidence DIR "
               "[--catch-list FILE]\n"
               "                     [--assumptions FILE] [--source-url URL] [--allow-gaps] "
               "[--no-stale-check]\n"
               "                     [--provenance-script FILE] [--generated TEXT]\n"
               "  sonnx-trace render-requirements --catalogue FILE --out FILE\n"
               "  sonnx-trace check-requirements --catalogue FILE --file FILE\n"
               "  sonnx-trace render-register --register FILE --out FILE\n"
               "  sonnx-trace check-register --register FILE --file FILE\n";
  return 2;
}

bool write_file(const trace::fs::path& p, const std::string& text) {
  std::error_code ec;
  if (p.has_parent_path()) trace::fs::create_directories(p.parent_path(), ec);
  const trace::fs::path tmp = p.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    out << text;
    if (!out) return false;
  }
  trace::fs::rename(tmp, p, ec);
  return !ec;
}

// A data file's path as a generated page shows it: relative to the source tree when possible.
std::string catalogue_display(const trace::fs::path& catalogue) {
  const std::string s = catalogue.generic_string();
  const std::size_t k = s.rfind("spec/");
  return k == std::string::npos ? catalogue.filename().string() : s.substr(k);
}

// render-*: writes the page; check-*: exit 1 when the page differs from what render-* writes.
int render_or_check(const std::string& cmd, std::map<std::string, std::string>& opt,
                    const std::string& text, const std::string& source, const std::string& target) {
  if (cmd.rfind("render-", 0) == 0) {
    if (opt.count("out") == 0U) return usage();
    if (!write_file(opt["out"], text)) {
      std::cerr << "sonnx-trace: cannot write " << opt["out"] << "\n";
      return 2;
    }
    std::cout << "wrote " << opt["out"] << "\n";
    return 0;
  }
  if (opt.count("file") == 0U) return usage();
  std::ifstream in(opt["file"], std::ios::binary);
  std::ostringstream s;
  if (in) s << in.rdbuf();
  if (!in || s.str() != text) {
    std::cerr << "sonnx-trace: " << opt["file"] << " is " << (in ? "out of date" : "missing")
              << " with respect to " << source
              << "; regenerate it with: cmake --build <build> --target " << target << "\n";
    return 1;
  }
  std::cout << opt["file"] << " is up to date\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string cmd = argv[1];
  std::map<std::string, std::string> opt;
  std::vector<std::string> switches;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--allow-gaps" || a == "--no-stale-check" || a == "--quiet") {
      switches.push_back(a);
    } else if (a.rfind("--", 0) == 0 && i + 1 < argc) {
      opt[a.substr(2)] = argv[++i];
    } else {
      std::cerr << "sonnx-trace: unexpected argument " << a << "\n";
      return usage();
    }
  }
  auto has = [&](const std::string& s) {
    return std::find(switches.begin(), switches.end(), s) != switches.end();
  };
  try {
    if (cmd == "render-requirements" || cmd == "check-requirements") {
      if (opt.count("catalogue") == 0U) return usage();
      const auto cat = trace::load_catalogue(opt["catalogue"]);
      return render_or_check(
          cmd, opt, trace::render_requirements_md(cat, catalogue_display(opt["catalogue"])),
          opt["catalogue"], "render-requirements");
    }
    if (cmd == "render-register" || cmd == "check-register") {
      if (opt.count("register") == 0U) return usage();
      const auto reg = trace::load_register(opt["register"]);
      return render_or_check(cmd, opt,
                             trace::render_register_md(reg, catalogue_display(opt["register"])),
                             opt["register"], "render-registers");
    }
    if (cmd != "report") return usage();
    if (opt.count("catalogue") == 0U || opt.count("evidence") == 0U) return usage();
    trace::Options o;
    o.catalogue = opt["catalogue"];
    o.source_root = opt.count("source-root") != 0U ? opt["source-root"] : ".";
    o.evidence_dir = opt["evidence"];
    o.assumptions = opt.count("assumptions") != 0U ? trace::fs::path(opt["assumptions"])
                                                   : o.source_root / "spec" / "assumptions.json";
    if (opt.count("catch-list") != 0U) o.catch_list = opt["catch-list"];
    if (opt.count("source-url") != 0U) o.source_url = opt["source-url"];
    if (opt.count("generated") != 0U) o.generated = opt["generated"];
    if (opt.count("provenance-script") != 0U) o.provenance_script = opt["provenance-script"];
    o.check_stale = !has("--no-stale-check");
    const trace::Report rep = trace::build_report(o);
    const auto& ev = o.evidence_dir;
    bool ok = write_file(ev / "traceability.json", trace::render_json(rep));
    ok = write_file(ev / "traceability.html", trace::render_html(rep)) && ok;
    ok = write_file(ev / "traceability.md", trace::render_markdown(rep)) && ok;
    ok = write_file(ev / "traceability.csv", trace::render_csv(rep)) && ok;
    if (!ok) {
      std::cerr << "sonnx-trace: cannot write the reports into " << ev << "\n";
      return 2;
    }
    if (!has("--quiet")) std::cout << trace::render_gap_list(rep);
    std::cout << "reports: " << (ev / "traceability.html").string() << " (+ .json .md .csv)\n";
    const int gaps = rep.gap_count();
    if (gaps > 0 && !has("--allow-gaps")) {
      std::cerr << "sonnx-trace: " << gaps << " traceability gaps (listed above); failing\n";
      return 1;
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sonnx-trace: " << e.what() << "\n";
    return 2;
  }
}
