// NumPy .npy reader and writer (T1): format versions 1.0, 2.0 and 3.0, little-endian, C order.
// The header is a Python dict literal; it is parsed by a small strict grammar, never evaluated:
//   {'descr': <str>, 'fortran_order': True|False, 'shape': (<int>, ...)}
// with each key exactly once, single or double quotes, optional trailing comma, then only
// spaces and newlines. bfloat16 has no NumPy type code: it is written as descr '<V2' (what
// np.save writes for ml_dtypes.bfloat16) and '<V2', '|V2' and 'bfloat16' read back as bfloat16.
#include <cstring>
#include <sonnx/io/tensor_io.hpp>
#include <string>
#include <vector>

#include "io_internal.hpp"

// [impl->req~T1~1]
namespace sonnx::io {

namespace {

constexpr unsigned char npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
constexpr std::size_t array_align = 64;

struct Header {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
};

class HeaderParser {
 public:
  explicit HeaderParser(std::string_view text) : text_(text) {}

  // Empty string on success, else what is wrong.
  std::string parse(Header& header) {
    skip_space();
    if (!eat('{')) return "header is not a dict literal (no '{')";
    bool seen_descr = false;
    bool seen_fortran = false;
    bool seen_shape = false;
    for (;;) {
      skip_space();
      if (eat('}')) break;
      std::string key;
      if (!string_literal(key)) return "expected a quoted key at header offset " + pos();
      skip_space();
      if (!eat(':')) return "expected ':' after key '" + key + "'";
      skip_space();
      if (key == "descr") {
        if (seen_descr) return "duplicate key 'descr'";
        seen_descr = true;
        if (peek() == '[') return "structured dtype (descr is a list)";
        if (!string_literal(header.descr)) return "descr is not a string";
      } else if (key == "fortran_order") {
        if (seen_fortran) return "duplicate key 'fortran_order'";
        seen_fortran = true;
        if (word("True")) {
          header.fortran_order = true;
        } else if (word("False")) {
          header.fortran_order = false;
        } else {
          return "fortran_order is not True or False";
        }
      } else if (key == "shape") {
        if (seen_shape) return "duplicate key 'shape'";
        seen_shape = true;
        std::string error = shape(header.shape);
        if (!error.empty()) return error;
      } else {
        return "unexpected key '" + key + "' (expected exactly descr, fortran_order, shape)";
      }
      skip_space();
      if (eat(',')) continue;
      skip_space();
      if (eat('}')) break;
      return "expected ',' or '}' at header offset " + pos();
    }
    if (!seen_descr || !seen_fortran || !seen_shape) {
      return "header lacks one of the keys descr, fortran_order, shape";
    }
    for (; at_ < text_.size(); ++at_) {
      const char c = text_[at_];
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
        return "unexpected text after the header dict at offset " + pos();
      }
    }
    return {};
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;

  [[nodiscard]] std::string pos() const { return std::to_string(at_); }
  [[nodiscard]] char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool eat(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }
  bool string_literal(std::string& out) {
    const char quote = peek();
    if (quote != '\'' && quote != '"') return false;
    ++at_;
    out.clear();
    while (at_ < text_.size() && text_[at_] != quote) {
      if (text_[at_] == '\\') return false;  // no escapes in the keys and descrs we accept
      out.push_back(text_[at_++]);
    }
    return eat(quote);
  }
  std::string shape(std::vector<std::int64_t>& dims) {
    if (!eat('(')) return "shape is not a tuple";
    dims.clear();
    bool trailing_comma = false;
    for (;;) {
      skip_space();
      if (eat(')')) break;
      bool negative = false;
      if (eat('-')) negative = true;
      if (peek() < '0' || peek() > '9') return "shape entry is not an integer at offset " + pos();
      std::uint64_t value = 0;
      while (peek() >= '0' && peek() <= '9') {
        const auto digit = static_cast<std::uint64_t>(peek() - '0');
        if (value > (static_cast<std::uint64_t>(INT64_MAX) - digit) / 10) {
          return "shape entry overflows a 64-bit integer";
        }
        value = value * 10 + digit;
        ++at_;
      }
      if (negative) {
        return "negative dimension -" + std::to_string(value);
      }
      dims.push_back(static_cast<std::int64_t>(value));
      skip_space();
      trailing_comma = eat(',');
      if (!trailing_comma) {
        skip_space();
        if (!eat(')')) return "expected ',' or ')' in shape at offset " + pos();
        break;
      }
    }
    if (dims.size() == 1 && !trailing_comma) return "shape (n) is not a tuple (write (n,))";
    return {};
  }
};

struct Descr {
  DataType type;
  const char* code;  // what the writer emits
};

constexpr Descr writer_descrs[] = {
    {DataType::float16, "<f2"}, {DataType::bfloat16, "<V2"}, {DataType::float32, "<f4"},
    {DataType::float64, "<f8"}, {DataType::int8, "|i1"},     {DataType::int16, "<i2"},
    {DataType::int32, "<i4"},   {DataType::int64, "<i8"},    {DataType::uint8, "|u1"},
    {DataType::uint16, "<u2"},  {DataType::uint32, "<u4"},   {DataType::uint64, "<u8"},
};

// Maps a descr string to a profile type, or a status explaining the rejection.
IoStatus descr_type(const std::string& descr, std::string_view origin, DataType& type) {
  if (descr == "bfloat16") {
    type = DataType::bfloat16;
    return {};
  }
  if (descr.empty()) return detail::format_error(origin, "empty descr");
  const char order = descr[0];
  std::string code = descr;
  if (order == '<' || order == '>' || order == '|' || order == '=') code = descr.substr(1);
  struct Code {
    const char* code;
    DataType type;
  };
  static constexpr Code codes[] = {
      {"f2", DataType::float16}, {"f4", DataType::float32}, {"f8", DataType::float64},
      {"i1", DataType::int8},    {"i2", DataType::int16},   {"i4", DataType::int32},
      {"i8", DataType::int64},   {"u1", DataType::uint8},   {"u2", DataType::uint16},
      {"u4", DataType::uint32},  {"u8", DataType::uint64},  {"V2", DataType::bfloat16},
  };
  for (const Code& c : codes) {
    if (code != c.code) continue;
    const std::size_t size = element_size(c.type);
    if (order == '>' && size > 1) {
      return detail::format_error(
          origin, "big-endian descr '" + descr + "' is not supported (little-endian '<' only)");
    }
    if (order == '=' || (order != '<' && order != '|' && order != '>')) {
      return detail::format_error(origin,
                                  "descr '" + descr + "' has no explicit byte order ('<' or '|')");
    }
    if (order == '|' && size > 1 && c.type != DataType::bfloat16) {
      return detail::format_error(origin, "descr '" + descr + "': '|' is for one-byte types");
    }
    type = c.type;
    return {};
  }
  if (code == "b1" || code == "?") return detail::non_numeric(origin, "bool descr '" + descr + "'");
  if (code == "c8" || code == "c16" || code == "c32") {
    return detail::non_numeric(origin, "complex descr '" + descr + "'");
  }
  if (code[0] == 'U' || code[0] == 'S' || code[0] == 'a' || code[0] == 'O') {
    return detail::non_numeric(origin, "string or object descr '" + descr + "'");
  }
  return detail::non_numeric(origin, "unsupported descr '" + descr + "'");
}

std::uint32_t read_le(const unsigned char* p, std::size_t n) {
  std::uint32_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

}  // namespace

ReadResult decode_npy(std::span<const unsigned char> bytes, std::string_view origin) {
  ReadResult result;
  auto& status = result.status;
  if (bytes.size() < 8 || std::memcmp(bytes.data(), npy_magic, sizeof npy_magic) != 0) {
    status = detail::format_error(origin, "not a NumPy .npy file (magic \\x93NUMPY missing)");
    return result;
  }
  const unsigned major = bytes[6];
  const unsigned minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0) {
    status = detail::format_error(origin, "unsupported .npy format version " +
                                              std::to_string(major) + "." + std::to_string(minor));
    return result;
  }
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + length_bytes) {
    status = detail::format_error(origin, "truncated .npy header (no header length)");
    return result;
  }
  const std::size_t header_length = read_le(bytes.data() + 8, length_bytes);
  const std::size_t data_offset = 8 + length_bytes;
  if (header_length > bytes.size() - data_offset) {
    status = detail::format_error(
        origin, "truncated .npy header: it claims " + std::to_string(header_length) +
                    " bytes but the file has " + std::to_string(bytes.size() - data_offset) +
                    " after the length field");
    return result;
  }
  const auto* text_begin = reinterpret_cast<const char*>(bytes.data() + data_offset);
  const std::string_view text(text_begin, header_length);
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80 ||
        (c < 0x20 && c != '\n' && c != '\t' && c != '\r')) {
      status = detail::format_error(origin, "non-ASCII or control byte in the .npy header");
      return result;
    }
  }
  Header header;
  if (const std::string error = HeaderParser(text).parse(header); !error.empty()) {
    if (error.rfind("negative dimension", 0) == 0) {
      status = IoStatus::failure(IoErrorKind::profile, "D8",
                                 std::string(origin) + ": malformed .npy header: " + error);
    } else if (error.rfind("structured dtype", 0) == 0) {
      status = detail::non_numeric(origin, error);
    } else {
      status = detail::format_error(origin, "malformed .npy header: " + error);
    }
    return result;
  }
  DataType type = DataType::undefined;
  status = descr_type(header.descr, origin, type);
  if (!status.ok()) return result;
  std::size_t count = 0;
  const std::size_t size = element_size(type);
  status = detail::checked_count(header.shape, size, origin, count);
  if (!status.ok()) return result;
  if (header.fortran_order) {
    // NumPy writes True only for arrays whose column-major layout differs from row-major.
    status = detail::format_error(origin,
                                  "Fortran-order (column-major) data is not supported; "
                                  "save a C-contiguous array (np.ascontiguousarray)");
    return result;
  }
  const std::size_t payload = bytes.size() - data_offset - header_length;
  const std::size_t expected = count * size;
  if (payload != expected) {
    status = detail::format_error(
        origin, std::string(payload < expected ? "truncated data" : "trailing bytes") + ": " +
                    std::to_string(payload) + " data bytes for shape " +
                    shape_to_string(header.shape) + " of " + data_type_text(type) + " (" +
                    std::to_string(expected) + " expected)");
    return result;
  }
  result.tensor.type = type;
  result.tensor.shape = std::move(header.shape);
  const auto* data = bytes.data() + data_offset + header_length;
  result.tensor.bytes.assign(data, data + expected);
  return result;
}

IoStatus encode_npy(const OwnedTensor& tensor, std::string& out) {
  out.clear();
  std::size_t count = 0;
  const IoStatus status = detail::check_writable(tensor, "npy writer", count);
  if (!status.ok()) return status;
  const Descr* descr = &writer_descrs[0];
  for (const Descr& d : writer_descrs) {
    if (d.type == tensor.type) descr = &d;  // every numeric type has its descr
  }
  // Same text as numpy.lib.format (keys sorted, repr of values), padded with spaces to a multiple
  // of 64 bytes including the magic and the length field, ended by '\n'.
  std::string dict = "{'descr': '";
  dict += descr->code;
  dict += "', 'fortran_order': False, 'shape': (";
  for (std::size_t k = 0; k < tensor.shape.size(); ++k) {
    if (k != 0) dict += ", ";
    dict += std::to_string(tensor.shape[k]);
  }
  if (tensor.shape.size() == 1) dict += ",";
  dict += "), }";
  const auto wrap = [&](unsigned major, std::size_t length_bytes) {
    const std::size_t hlen = dict.size() + 1;
    const std::size_t padlen = array_align - ((8 + length_bytes + hlen) % array_align);
    const std::size_t total = hlen + padlen;
    std::string header(reinterpret_cast<const char*>(npy_magic), sizeof npy_magic);
    header.push_back(static_cast<char>(major));
    header.push_back('\0');
    for (std::size_t i = 0; i < length_bytes; ++i) {
      header.push_back(static_cast<char>((total >> (8 * i)) & 0xFF));
    }
    header += dict;
    header.append(padlen, ' ');
    header.push_back('\n');
    return header;
  };
  out = dict.size() + 1 + array_align <= 0xFFFF ? wrap(1, 2) : wrap(2, 4);
  out.append(reinterpret_cast<const char*>(tensor.bytes.data()), tensor.bytes.size());
  return {};
}

}  // namespace sonnx::io
