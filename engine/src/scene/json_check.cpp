// Path-qualified checking of JSON values (see json_check.h).
#include "scene/json_check.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cstdio>
#include <cstring>

namespace tumble::scene {
namespace {

constexpr size_t kMaxDescribedChars = 80;
/// Keys longer than this get no "did you mean" (no known key is half as long).
constexpr size_t kMaxSuggestedKeyChars = 64;

/// A key as messages quote it: cut at kMaxDescribedChars.
std::string shortened(const std::string& key) {
    return key.size() <= kMaxDescribedChars ? key : key.substr(0, kMaxDescribedChars - 3) + "...";
}

const char* kFloatRangeText = "must be a finite number within float range (|x| <= 3.40282e+38)";

/// The number a JSON value holds, or nothing when it is not a number (booleans are not).
std::optional<double> numberOf(const Json& v) {
    if (!v.is_number()) return std::nullopt;
    return v.get<double>();
}

/// Levenshtein distance, ignoring ASCII case.
size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
            size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = row[j];
            row[j] = next;
        }
    }
    return row[b.size()];
}

/// An integer value (JSON integer, or a float with no fractional part).
std::optional<int64_t> integerOf(const Json& v) {
    if (v.is_number_unsigned()) {
        uint64_t u = v.get<uint64_t>();
        return u > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(u);
    }
    if (v.is_number_integer()) return v.get<int64_t>();
    if (v.is_number_float()) {
        double x = v.get<double>();
        if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 9.0e15)
            return static_cast<int64_t>(x);
    }
    return std::nullopt;
}

} // namespace

// --- Checker ------------------------------------------------------------------------------

Checker::Checker(std::string file, std::vector<SceneError>& errors, size_t maxErrors)
    : file_(std::move(file)), errors_(errors), maxErrors_(maxErrors) {}

void Checker::error(const std::string& path, std::string message) {
    if (reported_++ < maxErrors_) errors_.push_back({file_, path, std::move(message), 0, 0});
}

void Checker::errorAt(int line, int column, std::string message) {
    if (reported_++ < maxErrors_) errors_.push_back({file_, "", std::move(message), line, column});
}

void Checker::finish() {
    if (reported_ > maxErrors_) {
        errors_.push_back({file_, "", "... and " + std::to_string(reported_ - maxErrors_) +
                                          " more errors", 0, 0});
        maxErrors_ = reported_; // a second finish() adds nothing
    }
}

// --- paths and messages -------------------------------------------------------------------

std::string childPath(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string indexPath(const std::string& path, size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string formatNumber(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", x);
    return buffer;
}

std::string formatApart(double x, double other) {
    char mine[40], theirs[40];
    for (int digits = 6; digits <= 17; ++digits) {
        std::snprintf(mine, sizeof mine, "%.*g", digits, x);
        std::snprintf(theirs, sizeof theirs, "%.*g", digits, other);
        if (std::strcmp(mine, theirs) != 0) break;
    }
    return mine;
}

std::string describe(const Json& v) {
    if (v.is_number_float()) {
        double x = v.get<double>();
        if (std::isnan(x)) return "nan";
        if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    }
    std::string text = v.dump(-1, ' ', false, Json::error_handler_t::replace);
    if (text.size() > kMaxDescribedChars) text = text.substr(0, kMaxDescribedChars - 3) + "...";
    return text;
}

bool Range::contains(double x) const {
    if (loOpen ? !(x > lo) : !(x >= lo)) return false;
    if (hiOpen ? !(x < hi) : !(x <= hi)) return false;
    return true;
}

std::string Range::text(double beside) const {
    bool hasLo = std::isfinite(lo), hasHi = std::isfinite(hi);
    auto bound = [&](double x) { return std::isnan(beside) ? formatNumber(x) : formatApart(x, beside); };
    if (hasLo && hasHi)
        return std::string("in ") + (loOpen ? "(" : "[") + bound(lo) + ", " + bound(hi) +
               (hiOpen ? ")" : "]");
    if (hasLo) return (loOpen ? "> " : ">= ") + bound(lo);
    if (hasHi) return (hiOpen ? "< " : "<= ") + bound(hi);
    return "a number";
}

namespace {

/// A closed bound of `range` that `x` prints alike with six significant digits (as
/// messages print bounds), so a user who copied the bound meant it: 0.0666667 for 1/15.
std::optional<double> copiedBound(const Range& range, double x) {
    if (!range.loOpen && std::isfinite(range.lo) && formatNumber(x) == formatNumber(range.lo))
        return range.lo;
    if (!range.hiOpen && std::isfinite(range.hi) && formatNumber(x) == formatNumber(range.hi))
        return range.hi;
    return std::nullopt;
}

} // namespace

// --- scalar readers -----------------------------------------------------------------------

bool readFloat(const Json& v, const std::string& path, Checker& check, float& out,
               const Range& range) {
    std::optional<double> x = numberOf(v);
    if (!x) {
        check.error(path, "must be a number, got " + describe(v));
        return false;
    }
    if (!std::isfinite(*x) || std::fabs(*x) > FLT_MAX) {
        check.error(path, std::string(kFloatRangeText) + ", got " + describe(v));
        return false;
    }
    // Compare at float precision: the value stored is a float, and a bound such as 1/15
    // written with a few digits must not miss by a rounding.
    float f = static_cast<float>(*x);
    Range asFloat{static_cast<float>(range.lo), static_cast<float>(range.hi), range.loOpen,
                  range.hiOpen};
    if (!asFloat.contains(f)) {
        if (std::optional<double> bound = copiedBound(range, *x)) {
            out = static_cast<float>(*bound);
            return true;
        }
        check.error(path, "must be " + range.text(*x) + ", got " + describe(v));
        return false;
    }
    out = f;
    return true;
}

bool readInt(const Json& v, const std::string& path, Checker& check, int& out,
             const Range& range) {
    std::optional<int64_t> n = integerOf(v);
    if (!n) {
        check.error(path, "must be an integer, got " + describe(v));
        return false;
    }
    if (!range.contains(static_cast<double>(*n)) || *n < INT32_MIN || *n > INT32_MAX) {
        check.error(path, "must be an integer " + range.text() + ", got " + describe(v));
        return false;
    }
    out = static_cast<int>(*n);
    return true;
}

bool readUint32(const Json& v, const std::string& path, Checker& check, uint32_t& out) {
    std::optional<int64_t> n = integerOf(v);
    if (!n || *n < 0 || *n > static_cast<int64_t>(UINT32_MAX)) {
        check.error(path, "must be an integer in [0, 4294967295], got " + describe(v));
        return false;
    }
    out = static_cast<uint32_t>(*n);
    return true;
}

bool readBool(const Json& v, const std::string& path, Checker& check, bool& out) {
    if (!v.is_boolean()) {
        check.error(path, "must be true or false, got " + describe(v));
        return false;
    }
    out = v.get<bool>();
    return true;
}

bool readString(const Json& v, const std::string& path, Checker& check, std::string& out) {
    if (!v.is_string()) {
        check.error(path, "must be a string, got " + describe(v));
        return false;
    }
    out = v.get<std::string>();
    return true;
}

std::optional<size_t> readChoice(const Json& v, const std::string& path, Checker& check,
                                 std::span<const std::string_view> names) {
    if (v.is_string()) {
        const std::string& s = v.get_ref<const std::string&>();
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == s) return i;
    }
    std::string choices;
    for (std::string_view n : names) choices += (choices.empty() ? "" : ", ") + std::string(n);
    check.error(path, "must be one of " + choices + "; got " + describe(v));
    return std::nullopt;
}

// --- vector readers -----------------------------------------------------------------------

bool readVec3(const Json& v, const std::string& path, Checker& check, glm::vec3& out,
              const Range& range) {
    if (!v.is_array() || v.size() != 3) {
        check.error(path, "must be an array of 3 numbers, got " + describe(v));
        return false;
    }
    glm::vec3 value(0.0f);
    bool ok = true;
    for (size_t i = 0; i < 3; ++i)
        ok &= readFloat(v[i], indexPath(path, i), check, value[static_cast<int>(i)], range);
    if (ok) out = value;
    return ok;
}

bool readVec3OrScalar(const Json& v, const std::string& path, Checker& check, glm::vec3& out,
                      const Range& range) {
    if (!v.is_number()) return readVec3(v, path, check, out, range);
    float x = 0.0f;
    if (!readFloat(v, path, check, x, range)) return false;
    out = glm::vec3(x);
    return true;
}

bool checkArrayWithin(const Json& v, const std::string& path, Checker& check, std::string_view shape,
                      std::string_view items, size_t limit) {
    if (!v.is_array()) {
        check.error(path, "must be an array of " + std::string(shape) + " " + std::string(items) + ", got " +
                              describe(v));
        return false;
    }
    if (v.size() > limit) {
        check.error(path, "has " + std::to_string(v.size()) + " " + std::string(items) +
                              ", more than the limit of " + std::to_string(limit));
        return false;
    }
    return true;
}

bool readQuat(const Json& v, const std::string& path, Checker& check, glm::quat& out) {
    if (!v.is_array() || v.size() != 4) {
        check.error(path, "must be an array of 4 numbers [w, x, y, z], got " + describe(v));
        return false;
    }
    float c[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    bool ok = true;
    for (size_t i = 0; i < 4; ++i) ok &= readFloat(v[i], indexPath(path, i), check, c[i]);
    if (!ok) return false;
    // In double: squares of components near FLT_MAX must not overflow.
    double length = std::sqrt(double(c[0]) * c[0] + double(c[1]) * c[1] +
                              double(c[2]) * c[2] + double(c[3]) * c[3]);
    if (!(length > 1e-6)) {
        check.error(path, "must not be a zero quaternion, got " + describe(v));
        return false;
    }
    out = glm::quat(static_cast<float>(c[0] / length), static_cast<float>(c[1] / length),
                    static_cast<float>(c[2] / length), static_cast<float>(c[3] / length));
    return true;
}

// --- objects ------------------------------------------------------------------------------

std::optional<std::string_view> closestKey(std::string_view key,
                                           std::span<const std::string_view> candidates) {
    std::optional<std::string_view> best;
    size_t bestDistance = key.size() < 4 ? 1 : 2; // a likely typo, not a different word
    for (std::string_view c : candidates) {
        size_t d = editDistance(key, c);
        if (d <= bestDistance) {
            best = c;
            bestDistance = d == 0 ? 0 : d - 1; // later candidates must be strictly closer
            if (d == 0) break;
        }
    }
    return best;
}

bool readObject(const Json& v, const std::string& path, Checker& check,
                std::span<const Field> fields) {
    if (!v.is_object()) {
        check.error(path, "must be an object, got " + describe(v));
        return false;
    }
    std::vector<std::string_view> known;
    known.reserve(fields.size());
    for (const Field& f : fields) known.push_back(f.key);
    for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string& key = it.key();
        auto field = std::find_if(fields.begin(), fields.end(),
                                  [&](const Field& f) { return f.key == key; });
        if (field != fields.end()) {
            field->read(it.value(), childPath(path, key));
            continue;
        }
        // Past the errors the checker prints, or for a key too long to be a typo of a
        // known one, the suggestion search is skipped: it costs length x length per key.
        if (check.full()) {
            check.error(path, "unknown key");
            continue;
        }
        std::string message = "unknown key '" + shortened(key) + "'";
        if (key.size() > kMaxSuggestedKeyChars) {
            message += " (longer than any known key)";
        } else if (std::optional<std::string_view> near = closestKey(key, known)) {
            message += " (did you mean '" + std::string(*near) + "'?)";
        } else {
            std::string list;
            for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
            message += " (known keys: " + list + ")";
        }
        check.error(path, message);
    }
    return true;
}

void requireKeys(const Json& obj, const std::string& path, Checker& check,
                 std::initializer_list<std::string_view> required) {
    for (std::string_view key : required)
        if (!obj.contains(key)) check.error(path, "missing required key '" + std::string(key) + "'");
}

} // namespace tumble::scene
