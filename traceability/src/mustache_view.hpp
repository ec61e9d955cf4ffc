// Helpers that build Mustache views and render the embedded templates (templates/*.mustache):
// shared by the HTML and Markdown renderers, internal to the report generator.
#pragma once

#include <kainjow/mustache.hpp>
#include <sonnx/trace/trace.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace trace::view {

namespace mu = kainjow::mustache;

template <typename N>
mu::data num(N n) {
  return std::to_string(n);
}
// A count shown only when it is not zero ({{#x}}...{{x}}...{{/x}}).
template <typename N>
mu::data count_if_any(N n) {
  return n != 0 ? num(n) : mu::data(false);
}
// A text shown only when it is not empty.
inline mu::data text_if_any(const std::string& s) {
  return s.empty() ? mu::data(false) : mu::data(s);
}

// Marks the first and last item of a list, for separators and for markup around a non-empty list.
inline mu::data ends_marked(mu::list items) {
  for (std::size_t k = 0; k < items.size(); ++k) {
    items[k].set("first", k == 0);
    items[k].set("last", k + 1 == items.size());
  }
  return items;
}

inline mu::data strings(const std::vector<std::string>& v) {
  mu::list out;
  for (const auto& s : v) out.push_back(s);
  return out;
}

inline mu::data table_rows(const std::vector<std::vector<std::string>>& rows) {
  mu::list out;
  for (const auto& row : rows) out.push_back(mu::object{{"cells", strings(row)}});
  return out;
}

// The report's sections, each with its tables that have rows (the same view for every page).
inline mu::data sections(const Report& r) {
  mu::list out;
  for (const auto& sec : r.sections) {
    mu::list tables;
    for (const auto& t : sec.tables)
      if (!t.rows.empty())
        tables.push_back(mu::object{{"caption", t.caption},
                                    {"header", strings(t.header)},
                                    {"table_rows", table_rows(t.rows)},
                                    {"omitted", count_if_any(t.omitted)}});
    out.push_back(mu::object{{"id", sec.id},
                             {"title", sec.title},
                             {"files", sec.files},
                             {"bad", sec.bad},
                             {"verdict", sec.verdict},
                             {"explanation", sec.explanation},
                             {"tables", tables}});
  }
  return out;
}

// Renders one embedded template; a double-brace tag's text goes through escape. what names the
// output in the error thrown for an invalid template.
inline std::string render(const char* tmpl, const mu::data& v,
                          std::string (*escape)(const std::string&), const std::string& what) {
  mu::mustache page{tmpl};
  page.set_custom_escape(escape);
  std::string out = page.render(v);
  if (!page.is_valid()) throw std::runtime_error(what + " template: " + page.error_message());
  return out;
}

}  // namespace trace::view
