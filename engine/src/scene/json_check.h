#pragma once
/// \file json_check.h
/// Path-qualified checking of JSON values: every reader reports what it expected, where
/// (the JSON path, e.g. `bodies[3].shape.radius`) and what it got, and keeps going so that
/// one pass over a file collects all of its problems.
#include "tumble/scene.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tumble::scene {

/// Scene files are read into an order-preserving document so members are visited, and
/// errors reported, in file order.
using Json = nlohmann::ordered_json;

/// Collects the errors of one file. Past `maxErrors` it only counts, so a generator that
/// clashes with itself cannot flood the output; finish() adds the "N more" line.
class Checker {
public:
    /// `file` labels every error; `errors` receives them.
    Checker(std::string file, std::vector<SceneError>& errors, size_t maxErrors = 100);

    /// Report a problem with the value at `path`.
    void error(const std::string& path, std::string message);
    /// Report a problem at a text position (syntax and nesting errors).
    void errorAt(int line, int column, std::string message);
    /// True once further errors are only counted (callers may skip building messages).
    bool full() const { return reported_ >= maxErrors_; }
    /// Errors reported so far, including the suppressed ones.
    size_t count() const { return reported_; }
    /// Add the summary line for suppressed errors, if any.
    void finish();
    const std::string& file() const { return file_; }

private:
    std::string file_;
    std::vector<SceneError>& errors_;
    size_t maxErrors_;
    size_t reported_ = 0;
};

/// `path.key` (or `key` at the root).
std::string childPath(const std::string& path, std::string_view key);
/// `path[index]`.
std::string indexPath(const std::string& path, size_t index);

/// A value as it appears in a message: JSON text, shortened when long; non-finite
/// numbers (possible in documents built in memory) as nan / inf / -inf.
std::string describe(const Json& v);
/// A number in messages: shortest "%g"-style text.
std::string formatNumber(double x);
/// `x` with six significant digits, or with the fewest more (up to 17) that print it
/// differently from `other`, so a message never shows a bound and a value alike.
std::string formatApart(double x, double other);

/// An interval of accepted numbers; each end open, closed or absent.
struct Range {
    double lo = -HUGE_VAL;
    double hi = HUGE_VAL;
    bool loOpen = false; ///< true: lo itself is rejected
    bool hiOpen = false; ///< true: hi itself is rejected

    static Range any() { return {}; }
    static Range atLeast(double lo) { return {lo, HUGE_VAL, false, false}; }
    static Range above(double lo) { return {lo, HUGE_VAL, true, false}; }
    static Range closed(double lo, double hi) { return {lo, hi, false, false}; }
    static Range open(double lo, double hi) { return {lo, hi, true, true}; }
    static Range openClosed(double lo, double hi) { return {lo, hi, true, false}; }

    bool contains(double x) const;
    /// "> 0", ">= 0", "in [0, 1]", "in (0, 2)" ... Bounds print with six significant
    /// digits, or as many more as it takes to tell them from `beside` (the rejected value).
    std::string text(double beside = NAN) const;
};

/// Sizes of shapes (radius, half extents, capsule half height, hull coordinates), m. From
/// a millimetre to 10 km: below, masses and inertias underflow float (a 1e-30 m box);
/// above, contact depths and positions lose every digit (a 1e38 m sphere).
inline const Range kSizeRange = Range::closed(1e-3, 1e4);
/// A capsule's core may have no length.
inline const Range kHalfHeightRange = Range::closed(0.0, 1e4);
/// Hull points, each coordinate in the body's frame, m.
inline const Range kHullCoordinateRange = Range::closed(-1e4, 1e4);
/// Material density, kg/m^3: 0 (massless, static-like) or in kDensityRange.
inline const Range kDensityRange = Range::closed(1e-3, 1e6);

/// Each reader checks type and range, writes `out` only on success, and reports at `path`
/// otherwise. They return whether `out` was written.
bool readFloat(const Json& v, const std::string& path, Checker& check, float& out,
               const Range& range = Range::any());
bool readInt(const Json& v, const std::string& path, Checker& check, int& out,
             const Range& range);
bool readUint32(const Json& v, const std::string& path, Checker& check, uint32_t& out);
bool readBool(const Json& v, const std::string& path, Checker& check, bool& out);
bool readString(const Json& v, const std::string& path, Checker& check, std::string& out);
/// [x, y, z], each component in `range`.
bool readVec3(const Json& v, const std::string& path, Checker& check, glm::vec3& out,
              const Range& range = Range::any());
/// [x, y, z] or one number for all three.
bool readVec3OrScalar(const Json& v, const std::string& path, Checker& check, glm::vec3& out,
                      const Range& range = Range::any());
/// [w, x, y, z], finite and not zero; normalised.
bool readQuat(const Json& v, const std::string& path, Checker& check, glm::quat& out);
/// One of `names`; returns its index.
std::optional<size_t> readChoice(const Json& v, const std::string& path, Checker& check,
                                 std::span<const std::string_view> names);
/// A Settings enum by its scene-file name (settings.h: enumFromString / enumChoices).
template <class Enum>
bool readEnum(const Json& v, const std::string& path, Checker& check, Enum& out) {
    if (!v.is_string()) {
        check.error(path, "must be one of " + enumChoices<Enum>() + "; got " + describe(v));
        return false;
    }
    std::optional<Enum> value = enumFromString<Enum>(v.get_ref<const std::string&>());
    if (!value) {
        check.error(path, "must be one of " + enumChoices<Enum>() + "; got " + describe(v));
        return false;
    }
    out = *value;
    return true;
}

/// One known key of an object and what to do with its value (called with the value and
/// the value's path).
struct Field {
    std::string_view key;
    std::function<void(const Json& value, const std::string& path)> read;
};

/// Check that `v` is an array of at most `limit` items, before anything is allocated for them:
/// "must be an array of <shape> <items>, got ..." or "has N <items>, more than the limit of L".
bool checkArrayWithin(const Json& v, const std::string& path, Checker& check, std::string_view shape,
                      std::string_view items, size_t limit);

/// Check that `v` is an object and dispatch its members to `fields` in file order.
/// Unknown keys are errors that suggest the closest known key. Returns false when `v`
/// is not an object.
bool readObject(const Json& v, const std::string& path, Checker& check,
                std::span<const Field> fields);
/// Report every key of `required` that `obj` lacks (`obj` must be an object).
void requireKeys(const Json& obj, const std::string& path, Checker& check,
                 std::initializer_list<std::string_view> required);
/// The candidate closest to `key` by edit distance, if close enough to be a likely typo.
std::optional<std::string_view> closestKey(std::string_view key,
                                           std::span<const std::string_view> candidates);

} // namespace tumble::scene
