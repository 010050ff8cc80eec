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

/// The same, led by the parts of compound bodies that touch (ContactManifoldInfo::childA,
/// childB): "A child 2, B child 0: A face 1 / B vertex 3". A part below 0 is a plain shape's,
/// left unnamed.
std::string describeFeature(uint32_t featureId, int partA, int partB);

class World;
struct ContactManifoldInfo;

/// Point `point` of manifold m in words, its parts named for the bodies that are compounds.
std::string describeFeature(const World& world, const ContactManifoldInfo& m, int point);

} // namespace tumble
