#pragma once
/// \file feature_names.h
/// A contact point's feature id (ContactPointInfo::featureId) in words: which features of the
/// two bodies touch there, as the narrow phase named them ("A face 2 / B face 5 vertex 3").
/// The debug draw's feature-id labels and the Inspector read it; warm starting keys on the
/// number itself.
#include <cstdint>
#include <string>

namespace tumble {

/// `featureId` decoded: A and B are the manifold's two bodies (A the lower slot).
std::string describeFeature(uint32_t featureId);

} // namespace tumble
