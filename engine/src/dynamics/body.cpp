#include "tumble/body.h"

namespace tumble {

std::string_view toString(BodyType t) {
    switch (t) {
    case BodyType::Static: return "static";
    case BodyType::Dynamic: return "dynamic";
    case BodyType::Kinematic: return "kinematic";
    }
    return "?";
}

} // namespace tumble
