#version 330 core
// Directional light with its shadow map + sky/ground ambient + a small highlight, and dark
// outlines along the creases of flat shapes and the silhouettes of round ones, so bodies of
// one material still read as separate bodies. Colours arrive linear and leave gamma-encoded.
in vec3 vWorldPos;
in vec3 vNormal;
in vec3 vLocal;
in vec4 vColor;
in vec3 vEdge;

uniform vec3 uLightDir;  // unit, toward the light
uniform vec3 uEye;       // camera position
uniform float uOpacity;  // 1 for the main world; less for a fork's ghost
uniform float uOutlines; // 1 draws the outlines, 0 not
uniform float uShadows;  // 1 samples the shadow map, 0 not
uniform sampler2DShadow uShadowMap;
uniform mat4 uLightViewProj;   // world to the shadow map's clip space
uniform float uShadowTexel;    // m, one texel of the shadow map in the world

out vec4 fragColor;

// Outline half-width in pixels: dark within 0.8 px of a crease, fading out by 2.4 px, so
// a crease between two visible faces is about 3 px wide and a silhouette edge about 2.
const float kOutlinePixels = 1.6;

// 1 where the light reaches this point, 0 in shadow, soft in between: four taps of the
// hardware-filtered depth comparison (each itself 2 x 2), a small PCF.
float lightReaching(vec3 n) {
    // Sampled from a point pushed off the surface by a texel or two: no self-shadowing acne
    // on faces the light grazes.
    float grazing = 1.0 - max(dot(n, uLightDir), 0.0);
    vec4 clip = uLightViewProj * vec4(vWorldPos + n * uShadowTexel * (1.0 + 2.0 * grazing), 1.0);
    vec3 p = clip.xyz / clip.w * 0.5 + 0.5;
    if (any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0))) || p.z > 1.0) return 1.0;
    vec2 texel = 1.0 / vec2(textureSize(uShadowMap, 0));
    float lit = 0.0;
    lit += texture(uShadowMap, vec3(p.xy + vec2(-0.7, -0.3) * texel, p.z));
    lit += texture(uShadowMap, vec3(p.xy + vec2(0.3, -0.7) * texel, p.z));
    lit += texture(uShadowMap, vec3(p.xy + vec2(0.7, 0.3) * texel, p.z));
    lit += texture(uShadowMap, vec3(p.xy + vec2(-0.3, 0.7) * texel, p.z));
    return lit * 0.25;
}

// How much of the outline colour this fragment takes: 1 on a crease or silhouette, 0 away.
float outline(vec3 n, vec3 toEye) {
    // Pixels to the nearest outline edge of the polygon (the edge coordinates fall to 0 there).
    vec3 edgePixels = vEdge / max(fwidth(vEdge), vec3(1e-6));
    float pixels = min(min(edgePixels.x, edgePixels.y), edgePixels.z);
    // Round shapes: pixels to where the surface turns away from the eye (flat faces have a
    // constant facing, so this stays far away on them).
    float facing = dot(n, toEye);
    pixels = min(pixels, abs(facing) / max(fwidth(facing), 1e-6));
    return 1.0 - smoothstep(kOutlinePixels * 0.5, kOutlinePixels * 1.5, pixels);
}

void main() {
    vec3 n = normalize(vNormal);
    vec3 base = vColor.rgb;
    // Alternate octants of the local frame are slightly darker, so a rolling ball or a
    // spinning capsule visibly turns (a uniform sphere looks the same at any orientation).
    float octant = (vLocal.x * vLocal.y * vLocal.z >= 0.0) ? 1.0 : 0.0;
    base *= 1.0 - 0.2 * vColor.a * octant;

    vec3 toEye = normalize(uEye - vWorldPos);
    float light = uShadows > 0.5 ? lightReaching(n) : 1.0;
    float diffuse = max(dot(n, uLightDir), 0.0);
    float hemisphere = 0.5 + 0.5 * n.y;
    vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.30, 0.33, 0.40), hemisphere);
    vec3 halfway = normalize(uLightDir + toEye);
    float specular = diffuse > 0.0 ? 0.2 * pow(max(dot(n, halfway), 0.0), 40.0) : 0.0;

    vec3 lit = base * (ambient + 0.9 * diffuse * light) + vec3(specular * light);
    if (uOutlines > 0.5) lit = mix(lit, lit * 0.15, outline(n, toEye));
    fragColor = vec4(pow(clamp(lit, 0.0, 1.0), vec3(1.0 / 2.2)), uOpacity);
}
